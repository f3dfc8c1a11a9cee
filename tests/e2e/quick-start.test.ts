import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { saveScreenshot, sharedBrowser } from "../support/browser";

/**
 * The README's first command as a new user runs it: `npm start` builds, migrates and seeds a
 * fresh local database, prints the demo credentials and serves the app in workerd.
 * It runs in a copy of the project (sharing node_modules), so its build never replaces the
 * assets the other end-to-end tests are serving.
 */
const PROJECT_FILES = [
  "app",
  "workers",
  "migrations",
  "public",
  "scripts",
  "package.json",
  "wrangler.toml",
  "remix.config.js",
  "tsconfig.json",
  "postcss.config.js",
];
const projectCopy = mkdtempSync(join(tmpdir(), "ate-quick-start-project-"));
const stateDir = join(projectCopy, ".wrangler", "state");
let server: ChildProcess | undefined;

afterAll(() => {
  if (server?.pid) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already stopped
    }
  }
  rmSync(projectCopy, { recursive: true, force: true });
});

function copyProject() {
  for (const entry of PROJECT_FILES) {
    cpSync(entry, join(projectCopy, entry), { recursive: true, filter: (source) => !source.includes("public/build") });
  }
  symlinkSync(join(process.cwd(), "node_modules"), join(projectCopy, "node_modules"), "dir");
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function startAndWaitUntilReady(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    server = spawn("npm", ["start"], {
      cwd: projectCopy,
      // HOST=0.0.0.0, as the README suggests for trying the join QR code from a phone.
      env: { ...process.env, PORT: String(port), STATE_DIR: stateDir, HOST: "0.0.0.0" },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const timer = setTimeout(() => reject(new Error(`npm start was not ready in time:\n${output}`)), 150_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready on")) {
        clearTimeout(timer);
        resolve(output);
      }
    };
    server.stdout?.on("data", onData);
    server.stderr?.on("data", onData);
    server.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}:\n${output}`));
    });
  });
}

describe("npm start on an empty database", () => {
  it("prints the demo admin's credentials, which sign in to the admin shell", async () => {
    copyProject();
    const port = await freePort();
    const startedAt = Date.now();
    const output = await startAndWaitUntilReady(port);
    console.log(`npm start answered after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);

    const admin = output.match(/Demo admin:\s+(\S+) \/ (\S+)/);
    expect(admin, output).not.toBeNull();
    expect(output).toContain("Demo class join code: DEMOCLASS");
    // Listening beyond loopback, it names the addresses a phone on the network can open.
    const lanAddresses = Object.values(networkInterfaces())
      .flat()
      .filter((entry) => entry && entry.family === "IPv4" && !entry.internal)
      .map((entry) => entry!.address);
    for (const address of lanAddresses) expect(output).toContain(`On your network: http://${address}:${port}`);
    const [, email, password] = admin!;

    const origin = `http://127.0.0.1:${port}`;
    const context = await (await sharedBrowser()).newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(origin);
      await page.getByRole("link", { name: "Sign In to Continue" }).click();
      await page.getByLabel("Email").fill(email!);
      await page.getByLabel("Password").fill(password!);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByTestId("sidebar").waitFor();
      expect(await page.getByTestId("role-badge").innerText()).toBe("Admin");
      // The seeded demo test counts on the dashboard.
      expect(await page.getByTestId("stat-card").first().innerText()).toContain("1");
      await saveScreenshot(page, "quick-start-home");
    } finally {
      await context.close();
    }
  }, 200_000);
});
