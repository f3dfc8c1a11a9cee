import type { QuestionOption } from "~/db/schema";
import type { Difficulty, QuestionType } from "~/domain/questions/question-types";

import type { DemoCompetencyKey } from "./seed-content";

/**
 * The demo test's bank of 40 questions: every type present and every competency covered at every
 * difficulty, so the adaptive engine has items around every ability. Plain data:
 * seed-content.test.ts checks the promises.
 */

/** What an open question is graded against (the offline grader reads both fields). */
type DemoRubric = { referenceAnswer: string; keyPoints: string[] };

type DemoQuestion = {
  competency: DemoCompetencyKey;
  type: QuestionType;
  difficulty: Difficulty;
  /** HTML within the question allow-list (<p>, <strong>, <em>). */
  text: string;
  options?: QuestionOption[];
  rubric?: DemoRubric;
  metadata?: { title: string };
  systemInstruction?: string;
  initialPrompt?: string;
};

const right = (text: string): QuestionOption => ({ text, isCorrect: true, score: 1 });
const wrong = (text: string): QuestionOption => ({ text, isCorrect: false, score: 0 });

const TUTOR =
  "You are a patient mathematics tutor talking with a grade 6 student. Ask one short question at a time, build on what the student says, and do not give the final answer before the student has tried. Keep every reply under 80 words.";

export const DEMO_QUESTIONS: DemoQuestion[] = [
  // ---------------------------------------------------------------------------------------------
  // Understands place value
  {
    competency: "placeValue",
    type: "multiple_choice",
    difficulty: "easy",
    text: "<p>What is the value of the digit <strong>7</strong> in 4,728?</p>",
    options: [wrong("7"), wrong("70"), right("700"), wrong("7,000")],
  },
  {
    competency: "placeValue",
    type: "multiple_choice",
    difficulty: "easy",
    text: "<p>Which number is made of 3 thousands, 4 tens and 6 ones?</p>",
    options: [right("3,046"), wrong("3,406"), wrong("346"), wrong("30,046")],
  },
  {
    competency: "placeValue",
    type: "multiple_choice",
    difficulty: "easy",
    text: "<p>Round 4,672 to the nearest hundred.</p>",
    options: [wrong("4,600"), right("4,700"), wrong("4,670"), wrong("5,000")],
  },
  {
    competency: "placeValue",
    type: "free_response",
    difficulty: "easy",
    text: "<p>Write 7,306 in expanded form, and explain what the <strong>0</strong> in 7,306 shows.</p>",
    rubric: {
      referenceAnswer:
        "7,306 = 7,000 + 300 + 6 (7 thousands, 3 hundreds, 0 tens and 6 ones). The 0 shows that there are no tens; it holds the tens place so the 3 stays in the hundreds place.",
      keyPoints: [
        "Expanded form 7,000 + 300 + 6 (or 7 thousands, 3 hundreds, 6 ones)",
        "The 0 means there are no tens",
        "The 0 holds the tens place so the other digits keep their values",
      ],
    },
  },
  {
    competency: "placeValue",
    type: "multiple_choice",
    difficulty: "medium",
    text: "<p>Which of these numbers is the greatest?</p>",
    options: [wrong("0.65"), right("0.7"), wrong("0.609"), wrong("0.072")],
  },
  {
    competency: "placeValue",
    type: "multiple_select",
    difficulty: "medium",
    text: "<p>Select every number in which the digit <strong>5</strong> has a value of 500.</p>",
    options: [right("1,532"), wrong("5,320"), right("2,583"), wrong("8,005"), wrong("25,017")],
  },
  {
    competency: "placeValue",
    type: "scenario",
    difficulty: "medium",
    metadata: { title: "Reporting the crowd" },
    text: "<p>The attendance at a football match was <strong>48,372</strong>. A newspaper rounds it to the nearest thousand and a radio station rounds it to the nearest hundred. What number does each report? Which report is closer to the real attendance, and by how much? Explain your reasoning.</p>",
    rubric: {
      referenceAnswer:
        "The newspaper reports 48,000 because 372 is less than 500. The radio station reports 48,400 because the tens digit 7 means 72 rounds up to the next hundred. The radio's number is 28 away from 48,372 and the newspaper's is 372 away, so the radio report is closer, by 344.",
      keyPoints: [
        "Newspaper: 48,000 (nearest thousand)",
        "Radio: 48,400 (nearest hundred)",
        "Radio is 28 away, newspaper is 372 away",
        "The radio report is closer, because rounding to a smaller place value loses less",
      ],
    },
  },
  {
    competency: "placeValue",
    type: "multiple_choice",
    difficulty: "hard",
    text: "<p>The digit 6 in 6,250 is worth how many times as much as the digit 6 in 3,608?</p>",
    options: [right("10 times"), wrong("100 times"), wrong("1,000 times"), wrong("The same")],
  },
  {
    competency: "placeValue",
    type: "multiple_select",
    difficulty: "hard",
    text: "<p>Select every expression that is equal to <strong>4,050</strong>.</p>",
    options: [right("4 thousands + 5 tens"), right("40 hundreds + 50 ones"), right("405 tens"), wrong("4 thousands + 5 hundreds"), wrong("4,050 tenths")],
  },
  {
    competency: "placeValue",
    type: "free_response",
    difficulty: "hard",
    text: "<p>Explain why 0.5 is greater than 0.45, even though 45 is greater than 5.</p>",
    rubric: {
      referenceAnswer:
        "Compare the digits by place value, starting with the tenths. 0.5 has 5 tenths and 0.45 has only 4 tenths, so 0.5 is greater. Written with hundredths, 0.5 is 0.50, which is 50 hundredths, and 50 hundredths is more than 45 hundredths. Having more digits after the point does not make a number bigger.",
      keyPoints: [
        "Compares the tenths first: 5 tenths is more than 4 tenths",
        "Rewrites 0.5 as 0.50 or 50 hundredths and compares with 45 hundredths",
        "More digits after the point does not mean a bigger number",
      ],
    },
  },

  // ---------------------------------------------------------------------------------------------
  // Recognizes equivalent fractions
  {
    competency: "fractions",
    type: "multiple_choice",
    difficulty: "easy",
    text: "<p>Which fraction is equivalent to <strong>2/3</strong>?</p>",
    options: [right("4/6"), wrong("3/4"), wrong("2/6"), wrong("4/9")],
  },
  {
    competency: "fractions",
    type: "multiple_choice",
    difficulty: "easy",
    text: "<p>A pizza is cut into 8 equal slices and 2 slices are eaten. What fraction of the pizza is left?</p>",
    options: [right("3/4"), wrong("1/4"), wrong("2/8"), wrong("6/10")],
  },
  {
    competency: "fractions",
    type: "multiple_choice",
    difficulty: "easy",
    text: "<p>Which fraction is equal to one whole?</p>",
    options: [wrong("1/5"), right("5/5"), wrong("5/1"), wrong("0/5")],
  },
  {
    competency: "fractions",
    type: "multiple_select",
    difficulty: "medium",
    text: "<p>Select every fraction equal to <strong>1/2</strong>.</p>",
    options: [right("2/4"), wrong("3/5"), right("5/10"), wrong("4/6")],
  },
  {
    competency: "fractions",
    type: "multiple_select",
    difficulty: "medium",
    text: "<p>Select every fraction that is greater than <strong>1/2</strong>.</p>",
    options: [right("3/5"), wrong("4/9"), right("5/8"), wrong("2/5"), right("7/12")],
  },
  {
    competency: "fractions",
    type: "free_response",
    difficulty: "medium",
    text: "<p>Explain how you know that <em>3/4</em> and <em>9/12</em> are equivalent fractions.</p>",
    rubric: {
      referenceAnswer:
        "Multiplying the numerator and the denominator of 3/4 by 3 gives 9/12. Multiplying (or dividing) the top and bottom by the same number does not change the value, so 3/4 and 9/12 name the same amount. Going the other way, dividing 9 and 12 by 3 simplifies 9/12 to 3/4.",
      keyPoints: [
        "Multiply the numerator and denominator of 3/4 by 3 to get 9/12 (or divide 9/12 by 3)",
        "The same number is used for the top and the bottom",
        "Equivalent fractions show the same amount",
      ],
    },
  },
  {
    competency: "fractions",
    type: "chat",
    difficulty: "medium",
    text: "<p>Talk with the tutor about whether <em>2/6</em> of a pizza and <em>1/3</em> of the same size pizza are the same amount. Explain your thinking and answer the tutor's questions.</p>",
    systemInstruction: `${TUTOR} The topic is equivalent fractions: help the student see that 2/6 and 1/3 are equal, by simplifying, by drawing or by thinking about slices.`,
    initialPrompt: "Hi! Sam ate 2/6 of a pizza and Lee ate 1/3 of a pizza of the same size. Lee says he ate more. What do you think, and why?",
    rubric: {
      referenceAnswer:
        "Sam and Lee ate the same amount. Dividing the numerator and denominator of 2/6 by 2 gives 1/3, so 2/6 and 1/3 are equivalent: two slices out of six is the same as one slice out of three.",
      keyPoints: ["2/6 and 1/3 are equal, so they ate the same amount", "2/6 simplifies to 1/3 by dividing the top and bottom by 2", "Lee's claim is wrong"],
    },
  },
  {
    competency: "fractions",
    type: "multiple_choice",
    difficulty: "hard",
    text: "<p>Which list is ordered from least to greatest?</p>",
    options: [wrong("2/3, 3/5, 5/8"), right("3/5, 5/8, 2/3"), wrong("5/8, 3/5, 2/3"), wrong("3/5, 2/3, 5/8")],
  },
  {
    competency: "fractions",
    type: "multiple_select",
    difficulty: "hard",
    text: "<p>Select every fraction equivalent to <strong>12/18</strong>.</p>",
    options: [right("2/3"), right("6/9"), wrong("3/4"), right("24/36"), wrong("12/16")],
  },
  {
    competency: "fractions",
    type: "scenario",
    difficulty: "hard",
    metadata: { title: "Measuring flour" },
    text: "<p>Maya's recipe needs <strong>3/4 cup</strong> of flour. She has only a 1/4 cup scoop and a 1/8 cup scoop. Describe two different ways she could measure exactly 3/4 cup, and explain why both give the same amount.</p>",
    rubric: {
      referenceAnswer:
        "She can fill the 1/4 cup scoop 3 times, because 3 × 1/4 = 3/4. Or she can fill the 1/8 cup scoop 6 times, because 6/8 = 3/4. Both are the same amount because 3/4 and 6/8 are equivalent: multiply the top and bottom of 3/4 by 2. (Mixing scoops also works, e.g. two 1/4 scoops and two 1/8 scoops.)",
      keyPoints: ["Three 1/4 cup scoops make 3/4", "Six 1/8 cup scoops make 6/8", "6/8 is equivalent to 3/4 (multiply or divide top and bottom by 2)"],
    },
  },

  // ---------------------------------------------------------------------------------------------
  // Interprets variables in expressions
  {
    competency: "variables",
    type: "multiple_choice",
    difficulty: "easy",
    text: "<p>Which expression means <strong>5 more than n</strong>?</p>",
    options: [right("n + 5"), wrong("5n"), wrong("n − 5"), wrong("5 − n")],
  },
  {
    competency: "variables",
    type: "multiple_choice",
    difficulty: "easy",
    text: "<p>What is the value of <em>3a</em> when <em>a</em> = 4?</p>",
    options: [wrong("7"), right("12"), wrong("34"), wrong("1")],
  },
  {
    competency: "variables",
    type: "multiple_choice",
    difficulty: "easy",
    text: "<p>In the expression <em>4k + 7</em>, what is the coefficient of <em>k</em>?</p>",
    options: [right("4"), wrong("7"), wrong("11"), wrong("k")],
  },
  {
    competency: "variables",
    type: "free_response",
    difficulty: "easy",
    text: "<p>A box holds <em>c</em> crayons. Write an expression for the number of crayons in 6 boxes, and explain what your expression means.</p>",
    rubric: {
      referenceAnswer: "6c (or 6 × c). The letter c stands for the number of crayons in one box, and multiplying by 6 gives the crayons in 6 boxes.",
      keyPoints: ["The expression 6c or 6 × c", "c is the number of crayons in one box", "Multiply by 6 because there are 6 boxes"],
    },
  },
  {
    competency: "variables",
    type: "multiple_select",
    difficulty: "medium",
    text: "<p>Select every expression that is equal to <em>2(x + 3)</em>.</p>",
    options: [right("2x + 6"), wrong("2x + 3"), right("x + 3 + x + 3"), right("6 + 2x"), wrong("2x + 5")],
  },
  {
    competency: "variables",
    type: "multiple_choice",
    difficulty: "medium",
    text: "<p>Evaluate <em>2m + 3n</em> when <em>m</em> = 5 and <em>n</em> = 2.</p>",
    options: [right("16"), wrong("15"), wrong("13"), wrong("30")],
  },
  {
    competency: "variables",
    type: "free_response",
    difficulty: "medium",
    text: "<p>Explain the difference between <em>3n</em> and <em>n + 3</em>. Use <em>n</em> = 5 to show that they are not the same.</p>",
    rubric: {
      referenceAnswer: "3n means 3 times n, while n + 3 means 3 more than n. When n = 5, 3n = 15 but n + 3 = 8, so the two expressions give different values.",
      keyPoints: ["3n means 3 multiplied by n", "n + 3 means add 3 to n", "With n = 5: 3n = 15 and n + 3 = 8"],
    },
  },
  {
    competency: "variables",
    type: "multiple_choice",
    difficulty: "hard",
    text: "<p>Tickets cost <em>t</em> dollars each. Ana buys 3 tickets and pays with a $50 note. Which expression gives her change in dollars?</p>",
    options: [right("50 − 3t"), wrong("3t − 50"), wrong("50 − t − 3"), wrong("3(50 − t)")],
  },
  {
    competency: "variables",
    type: "multiple_select",
    difficulty: "hard",
    text: "<p>Select every expression that has the value 20 when <em>y</em> = 4.</p>",
    options: [right("5y"), wrong("2y + 10"), right("3y + 8"), wrong("y + 20"), right("6y − 4")],
  },
  {
    competency: "variables",
    type: "scenario",
    difficulty: "hard",
    metadata: { title: "Choosing a phone plan" },
    text: "<p>A phone plan costs $15 a month plus $2 for each gigabyte used. Write an expression for the monthly cost and explain what each part means.</p>",
    rubric: {
      referenceAnswer:
        "15 + 2g dollars, where g is the number of gigabytes used in the month. The 15 is the fixed monthly fee, paid whatever you use, and 2g is $2 for each gigabyte.",
      keyPoints: ["Expression 15 + 2g (or an equivalent such as 2g + 15)", "15 is the fixed monthly fee", "2g is the cost of the data: $2 for each gigabyte g"],
    },
  },

  // ---------------------------------------------------------------------------------------------
  // Solves one-step linear equations
  {
    competency: "equations",
    type: "multiple_choice",
    difficulty: "easy",
    text: "<p>Solve <em>x + 6 = 15</em>.</p>",
    options: [right("x = 9"), wrong("x = 21"), wrong("x = 2.5"), wrong("x = 90")],
  },
  {
    competency: "equations",
    type: "multiple_choice",
    difficulty: "easy",
    text: "<p>Solve <em>4y = 28</em>.</p>",
    options: [wrong("y = 24"), right("y = 7"), wrong("y = 32"), wrong("y = 112")],
  },
  {
    competency: "equations",
    type: "multiple_choice",
    difficulty: "easy",
    text: "<p>Which value of <em>n</em> makes <em>n − 8 = 12</em> true?</p>",
    options: [wrong("4"), right("20"), wrong("96"), wrong("1.5")],
  },
  {
    competency: "equations",
    type: "free_response",
    difficulty: "medium",
    text: "<p>Solve <em>x + 9 = 23</em> and explain each step.</p>",
    rubric: {
      referenceAnswer: "x = 14. Subtract 9 from both sides of the equation to undo adding 9: x + 9 − 9 = 23 − 9, so x = 14. Check: 14 + 9 = 23.",
      keyPoints: ["x = 14", "Subtract 9 from both sides to undo the addition", "Checks by substituting: 14 + 9 = 23"],
    },
  },
  {
    competency: "equations",
    type: "multiple_select",
    difficulty: "medium",
    text: "<p>Select every equation that has the solution <em>x</em> = 6.</p>",
    options: [right("x + 4 = 10"), right("3x = 18"), wrong("x − 2 = 8"), right("x ÷ 2 = 3"), wrong("2x = 8")],
  },
  {
    competency: "equations",
    type: "multiple_choice",
    difficulty: "medium",
    text: "<p>Lena had some stickers. She gave away 14 and now has 37. Which equation can you solve to find <em>s</em>, the number of stickers she started with?</p>",
    options: [right("s − 14 = 37"), wrong("s + 14 = 37"), wrong("14 − s = 37"), wrong("14s = 37")],
  },
  {
    competency: "equations",
    type: "chat",
    difficulty: "medium",
    text: "<p>Chat with the tutor to write and solve an equation for a number puzzle. Explain each step you take.</p>",
    systemInstruction: `${TUTOR} The topic is one-step equations: help the student write 4n = 36 for the puzzle and solve it by dividing both sides by 4, then check the answer.`,
    initialPrompt: "Hi! I'm thinking of a number. When I multiply it by 4, I get 36. Can you write an equation for my puzzle and then solve it?",
    rubric: {
      referenceAnswer: "The equation is 4n = 36. Dividing both sides by 4 undoes the multiplication, so n = 9. Check: 4 × 9 = 36.",
      keyPoints: ["Writes the equation 4n = 36 (or 4 × n = 36)", "Divides both sides by 4", "n = 9, checked with 4 × 9 = 36"],
    },
  },
  {
    competency: "equations",
    type: "multiple_choice",
    difficulty: "hard",
    text: "<p>A number is multiplied by 7 and the result is 91. Which equation and solution match this?</p>",
    options: [wrong("n + 7 = 91, so n = 84"), right("7n = 91, so n = 13"), wrong("7n = 91, so n = 12"), wrong("n ÷ 7 = 91, so n = 637")],
  },
  {
    competency: "equations",
    type: "multiple_select",
    difficulty: "hard",
    text: "<p>Select every equation that has the same solution as <em>3x = 24</em>.</p>",
    options: [right("x + 5 = 13"), right("x ÷ 2 = 4"), wrong("2x = 18"), wrong("x − 3 = 24"), right("24 ÷ x = 3")],
  },
  {
    competency: "equations",
    type: "scenario",
    difficulty: "hard",
    metadata: { title: "Planning the class trip" },
    text: "<p>The bus for a class trip is already paid for. Museum tickets cost <strong>$12</strong> each, and the class has <strong>$300</strong> left for tickets. Write and solve an equation to find how many tickets the class can buy. There are 27 students in the class: can everyone go? Explain.</p>",
    rubric: {
      referenceAnswer:
        "12t = 300, where t is the number of tickets. Divide both sides by 12: t = 25. The class can buy 25 tickets, so not all 27 students can go; tickets for 27 students would cost 27 × 12 = $324, which is $24 more than they have.",
      keyPoints: [
        "Equation 12t = 300",
        "Divide both sides by 12 to get t = 25",
        "25 is fewer than 27, so not everyone can go",
        "27 tickets would cost $324, $24 more than $300",
      ],
    },
  },
];
