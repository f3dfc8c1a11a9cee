import { BarsGlyph, CapGlyph, GradedGlyph, PathGlyph, RisingGlyph } from "./landing-glyphs";

/** What every signed-out visitor sees. */
const FEATURES = [
  { title: "Adaptive Logic", text: "Difficulty adjusts to student performance in real time.", icon: RisingGlyph },
  { title: "AI Grading", text: "Automated grading of free-response and scenario-based questions.", icon: GradedGlyph },
  { title: "Rich Analytics", text: "Insight into student and cohort performance.", icon: BarsGlyph },
  { title: "Personalized Learning", text: "Module recommendations based on competency mastery.", icon: PathGlyph },
];

export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-white">
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col items-center px-4 py-16 text-center">
        <span className="mb-6 flex size-14 items-center justify-center rounded-2xl bg-brand-600 text-white shadow">
          <CapGlyph className="size-8" />
        </span>
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Adaptive Testing Engine</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-700">An intelligent assessment platform with AI-powered grading and personalized learning pathways.</p>
        <a href="/api/login" className="btn-primary mt-8 px-6 text-base">
          Sign In to Continue
        </a>
        <ul className="mt-14 grid w-full gap-4 text-left sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="card p-5">
              <feature.icon className="size-6 text-brand-600" />
              <h2 className="mt-3 font-semibold text-slate-900">{feature.title}</h2>
              <p className="mt-1 text-sm text-slate-700">{feature.text}</p>
            </li>
          ))}
        </ul>
      </main>
      <footer className="py-6 text-center text-sm text-slate-600">Powered by AI • Built for Education • Designed for Success</footer>
    </div>
  );
}
