import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it, vi } from "vitest";

import type { CurrentUser } from "~/domain/auth/current-user";

import { answerForReading, LOAD_FAILURE, loadGradingReviewPage } from "./grading-review.server";

/** A context whose session lookup answers as given: the page's states without a database. */
const contextFinding = (findFirst: () => Promise<unknown>) => ({ db: { query: { testSessionRecords: { findFirst } } } }) as unknown as AppLoadContext;
const request = new Request("https://school.example/admin/ai-grading/s1");
const districtAdmin: CurrentUser = { id: "admin-1", role: "admin", firstName: null, lastName: null, email: "admin@school.example", profileImageUrl: null };

describe("loadGradingReviewPage", () => {
  it("is the error state with the product's words when the logs cannot be read, never the error's own text", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const data = await loadGradingReviewPage(
      request,
      contextFinding(() => Promise.reject(new Error("D1_ERROR: secret detail"))),
      "s1",
      districtAdmin,
    );
    expect(data).toEqual({ state: "error", message: LOAD_FAILURE });
    expect(LOAD_FAILURE).toBe("Failed to fetch AI grading logs");
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it("throws the 'Session Not Found' page for an unknown session", async () => {
    const thrown = await loadGradingReviewPage(
      request,
      contextFinding(() => Promise.resolve(undefined)),
      "nope",
      districtAdmin,
    ).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
    expect(await (thrown as Response).json()).toMatchObject({ notFound: "Session Not Found", back: { to: "/admin/tests" } });
  });
});

describe("answerForReading", () => {
  it("shows a chat as its turns and text as it is", () => {
    expect(answerForReading("Because.")).toBe("Because.");
    expect(
      answerForReading({
        messages: [
          { role: "assistant", content: "Why?" },
          { role: "user", content: "Tilt." },
        ],
      }),
    ).toBe("Tutor: Why?\nStudent: Tilt.");
    expect(answerForReading(null)).toBe("");
  });
});
