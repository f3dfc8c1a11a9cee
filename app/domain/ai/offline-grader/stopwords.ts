/**
 * A general English stopword list: function words, auxiliaries and pronouns that carry no subject
 * matter in any discipline. It is written by hand for the grader, not derived from any answer set,
 * so it applies equally to biology, history or arithmetic. "per" is not on it: it makes a rate, and
 * "$45 per hour" says something "45 hours" does not. Negators ("not", "no", "never"...) are
 * deliberately absent: the tokenizer turns them into negation marks instead of dropping them.
 */
const STOPWORD_LIST = `
a about again against all also am an and any are aren as at
be because been being between both but by
can could
did do does doing done during
each either else even ever every
for from further
get gets getting got
had has have having he her here hers herself him himself his how however
i if in into is it its itself
just
let like
may me might much must my myself
of on once only or other ought our ours ourselves own
perhaps please
quite
rather really
said say says shall she should so some such
than that the their theirs them themselves then there therefore these they this those through thus to too
until upon us use used uses using
very via
was we were what whatever when where whether which while who whom whose why will with would
yes yet you your yours yourself yourselves
`;

export const STOPWORDS: ReadonlySet<string> = new Set(STOPWORD_LIST.split(/\s+/).filter(Boolean));

/** Words that flip the meaning of what follows them ("does not dissolve", "never melts"). */
export const NEGATORS: ReadonlySet<string> = new Set(["not", "no", "never", "none", "nothing", "neither", "nor", "without", "cannot", "nobody", "nowhere"]);
