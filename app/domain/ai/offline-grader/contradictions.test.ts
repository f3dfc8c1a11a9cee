import { describe, expect, it } from "vitest";

import { finalStatement, polaritiesOf, statesTheOpposite } from "./contradictions";
import { contentTokens } from "./text";

const stems = (text: string) => new Set(contentTokens(text).map((token) => token.stem));
const opposes = (rubric: string[], answer: string, question = "") =>
  statesTheOpposite(contentTokens(answer), polaritiesOf(rubric.map((text) => contentTokens(text))), stems(question));

describe("finalStatement", () => {
  it("keeps only what follows the last retraction", () => {
    expect(finalStatement("It is thrifty, but that is wrong, it means poor.")).toBe("it means poor.");
    expect(finalStatement("It increases, I mean it decreases")).toBe("it decreases");
    expect(finalStatement("The water evaporates.")).toBe("The water evaporates.");
  });
});

describe("statesTheOpposite", () => {
  it("catches a term stated only the other way round from the rubric", () => {
    expect(opposes(["The switch makes a gap, so the circuit is not closed."], "The circuit is closed so the bulb is off.")).toBe(true);
    expect(opposes(["The circuit is open."], "The circuit is closed.")).toBe(true);
    expect(opposes(["It expands and takes up more space."], "It takes up less space.")).toBe(true);
  });

  it("lets the right way through, and a term the rubric states both ways", () => {
    expect(opposes(["The circuit is open."], "It is open, not closed.")).toBe(false);
    expect(opposes(["The circuit is open."], "The circuit is not closed.")).toBe(false);
    expect(opposes(["Terminal 1 is connected.", "Terminal 2 is not connected."], "It is not connected.")).toBe(false);
  });

  it("leaves out the question's terms, -er comparatives and negations that reach further than one word", () => {
    expect(opposes(["The bulb is off because the switch is open."], "closed", "Is the switch open or closed?")).toBe(false);
    expect(opposes(["Darker colours get hotter."], "Lighter colours get colder.")).toBe(false);
    expect(opposes(["B is no longer in a closed path."], "B is in a closed path.")).toBe(false);
  });

  it("catches an answer that states both ways only when it never states the right one", () => {
    expect(opposes(["The circuit is closed."], "It is closed and it is open.")).toBe(false);
  });
});
