import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApiClient, apiClient, clientFor, demoClients } from "../support/api";
import type { CookieJar } from "../support/cookie-jar";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/**
 * Every resource route answers in one order (ADR 0022): the method (405 with Allow, to anyone),
 * the caller (401/403), the query and body schemas (400 naming the field), then a missing record
 * (404 with the route's message). Shown on routes of each kind.
 */
let worker: TestWorker;
let admin: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, student, anonymous } = await demoClients(worker));
});
afterAll(() => worker?.dispose());

const missingId = "00000000-0000-4000-8000-000000000000";

describe("resource routes", () => {
  it("answer a method they do not have with 405 and Allow, before asking who is calling", async () => {
    for (const client of [anonymous, student, admin]) {
      const response = await client.request("PATCH", `/api/tests/${missingId}`);
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, PUT, DELETE");
    }
    expect((await anonymous.request("GET", "/api/sessions/start")).headers.get("Allow")).toBe("POST");
    expect((await anonymous.request("DELETE", "/admin/question-bank/choices")).headers.get("Allow")).toBe("GET");
  });

  it("then refuse a caller: 401 signed out, 403 not an admin", async () => {
    expect((await anonymous.get(`/api/tests/${missingId}`)).status).toBe(401);
    expect((await student.get(`/api/tests/${missingId}`)).status).toBe(403);
    expect((await anonymous.get("/api/auth/user")).status).toBe(401);
  });

  it("then check the query and the body, naming the field", async () => {
    const badQuery = await admin.get("/api/questions?limit=0");
    expect(badQuery.status).toBe(400);
    expect(badQuery.data.message).toMatch(/^limit: /);
    const badBody = await admin.request("PUT", `/api/curriculums/${missingId}`, { name: 42 });
    expect(badBody.status).toBe(400);
    expect(badBody.data.message).toMatch(/^name: /);
  });

  it("then answer a missing record with 404 and the route's message, on the API and on a screen's resource route", async () => {
    expect(await admin.get(`/api/tests/${missingId}`)).toMatchObject({ status: 404, data: { message: "Test Not Found" } });
    expect(await admin.request("DELETE", `/api/prerequisites/${missingId}`)).toMatchObject({ status: 404, data: { message: "Prerequisite Not Found" } });
    expect(await admin.get(`/admin/question-bank/${missingId}`)).toMatchObject({ status: 404, data: { message: "Question Not Found" } });
    expect(await admin.get(`/admin/cohorts/${missingId}/qr`)).toMatchObject({ status: 404, data: { message: "Class Not Found" } });
  });

  it("word their refusals in the caller's language: Spanish with Accept-Language: es, English without (ADR 0045)", async () => {
    const inSpanish = (jar?: CookieJar) => apiClient(worker, jar, { "Accept-Language": "es-US,es;q=0.9" });
    const [adminJar, studentJar] = [(await clientFor(worker, demoAccounts.admin.email)).jar, (await clientFor(worker, demoAccounts.student.email)).jar];
    const test = `/api/tests/${missingId}`;
    expect(await inSpanish(adminJar).get(test)).toMatchObject({ status: 404, data: { message: "No se encontró la prueba" } });
    expect(await inSpanish(studentJar).get(test)).toMatchObject({ status: 403, data: { message: "Su rol no le permite hacer esto." } });
    expect(await inSpanish().get(test)).toMatchObject({ status: 401, data: { message: "Debe iniciar sesión" } });
    expect(await inSpanish().request("PATCH", test)).toMatchObject({ status: 405, data: { message: "Método no permitido. Use GET o PUT o DELETE." } });
    expect(await inSpanish().get("/api/no-such-route")).toMatchObject({ status: 404, data: { message: "No existe esa ruta de la API" } });
    // A staff screen's own call (its page named in Referer) reads English, as the screen around it.
    const fromStaffScreen = apiClient(worker, adminJar, { "Accept-Language": "es-US,es;q=0.9", Referer: "http://localhost/admin/tests" });
    expect(await fromStaffScreen.get(test)).toMatchObject({ status: 404, data: { message: "Test Not Found" } });

    expect(await admin.get(test)).toMatchObject({ status: 404, data: { message: "Test Not Found" } });
    expect(await student.get(test)).toMatchObject({ status: 403, data: { message: "Your role does not allow this." } });
    expect(await anonymous.get(test)).toMatchObject({ status: 401, data: { message: "Sign in required" } });
    expect(await anonymous.request("PATCH", test)).toMatchObject({ status: 405, data: { message: "Method not allowed. Use GET or PUT or DELETE." } });
    expect(await anonymous.get("/api/no-such-route")).toMatchObject({ status: 404, data: { message: "No such API route" } });
  });

  it("answer HEAD as GET", async () => {
    expect((await admin.request("HEAD", "/api/tests")).status).toBe(200);
    expect((await anonymous.request("HEAD", "/api/tests")).status).toBe(401);
  });
});
