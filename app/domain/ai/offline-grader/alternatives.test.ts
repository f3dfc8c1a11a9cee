import { describe, expect, it } from "vitest";

import { alternativeLists, listLines, requiredCount } from "./alternatives";

describe("alternativeLists", () => {
  it("reads the items after e.g., such as, any of and a finite set of correct answers, up to etc. or …", () => {
    expect(alternativeLists("Synonyms of deleterious, e.g., harmful, damaging, detrimental, bad, negative, … etc.")).toEqual([
      ["harmful", "damaging", "detrimental", "bad", "negative"],
    ]);
    expect(alternativeLists("There is a finite set of correct answers here: supervillains, notorious, sinister, brainwashing.")).toEqual([
      ["supervillains", "notorious", "sinister", "brainwashing"],
    ]);
    expect(alternativeLists("Accept any of: shy / timid / scared")).toEqual([["shy", "timid", "scared"]]);
    expect(alternativeLists('Words such as "huge", "enormous" or "giant" show the size.')).toEqual([["huge", "enormous", "giant"]]);
  });

  it("reads an or-list of short items after means, and cuts its first item to the list's length", () => {
    expect(alternativeLists("Correct answers will recognize that deleterious is an adjective that means harmful, detrimental, or negative.")).toEqual([
      ["harmful", "detrimental", "negative"],
    ]);
  });

  it("leaves prose alone: an example inside a sentence, an or inside a sentence, a description of a score level", () => {
    // SAF 10.2_TC: "e.g." introduces part of an explanation, not answers.
    expect(alternativeLists("they usually grow linearly, e.g. only increment cwnd by 1 after all sent segments have been acknowledged.")).toEqual([]);
    expect(alternativeLists("This is done until either a packet is lost or ss_thresh is reached.")).toEqual([]);
    // ASAP 1's general rubric describes a score level, it does not list answers.
    expect(alternativeLists("There is little evidence, if any, of elaboration, extension, higher-order thinking, or relevant prior knowledge.")).toEqual([]);
    expect(alternativeLists("but other flaws (e.g., inaccuracies, omissions, inappropriateness) may be more than minor.")).toEqual([]);
  });
});

describe("listLines", () => {
  it("reads the lines under a heading ending with a colon and bulleted lines, without the frame all items share", () => {
    // ASAP 1: "Possible Correct Responses: … - You need to know how much vinegar was used …"
    expect(
      listLines(
        "Possible Correct Responses:\n\nNeeded Information:\n- You need to know how much vinegar was used in each container.\n- You need to know what type of vinegar was used in each container.\n- You need to know what materials to test.\n- Other acceptable responses.",
      ),
    ).toEqual(["how much vinegar was used in each container.", "what type of vinegar was used in each container.", "what materials to test."]);
  });

  it("joins a line broken in mid-sentence to its item, and reads every line of a text with no heading or bullets", () => {
    // SAF 11.2_SDN, lines broken as in the lecturer's PDF.
    expect(
      listLines(
        "Benefits:\n● Reduced complexity of the switches: They only have to act according to their flow\ntables and do not have to make any local routing decisions.",
      ),
    ).toEqual([
      "Reduced complexity of the switches: They only have to act according to their flow tables and do not have to make any local routing decisions.",
    ]);
    // SAF 6.1_IPP: one objective a line (the "To" they all open with is the list's frame).
    expect(listLines("To support billions of end-systems.\nTo reduce routing tables.\nTo increase security.")).toEqual([
      "support billions of end-systems.",
      "reduce routing tables.",
      "increase security.",
    ]);
  });
});

describe("requiredCount", () => {
  it("reads how many items a question or rubric asks for", () => {
    expect(requiredCount("Correct answers will list three of the words")).toBe(3);
    expect(requiredCount("Give any two of the following reasons.")).toBe(2);
    // SAF 10.1_TC and ASAP 6.
    expect(requiredCount("State at least 4 of the differences shown in the lecture between the UDP and TCP headers.")).toBe(4);
    expect(requiredCount("List and describe three processes used by cells to control the movement of substances")).toBe(3);
    expect(requiredCount("Write a polynomial with five monomials: list five monomials.")).toBe(5);
  });

  it("does not read a length, a score or a number in the question's content as a count", () => {
    // SAF 10.3_TC and 12.1_PE.
    expect(requiredCount("Please answer the question in 2-5 sentences.")).toBeUndefined();
    expect(requiredCount("Event A: you see at least three H's")).toBeUndefined();
    expect(requiredCount("Explain your answer in two sentences.")).toBeUndefined();
    expect(requiredCount("Name one trait of Rose.")).toBeUndefined();
  });
});
