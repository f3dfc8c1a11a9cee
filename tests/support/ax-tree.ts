import type { Page } from "playwright-core";

/**
 * Chromium's accessibility tree, as a screen reader gets it (CDP Accessibility.getFullAXTree): each
 * node's role, name, description (what aria-describedby ties to it), its states and live-region
 * properties, and its text. An auditor's view of the page, not the DOM's.
 */
export type AxNode = { role: string; name: string; description: string; properties: Record<string, unknown>; text: string };

type CdpAxNode = {
  nodeId: string;
  ignored: boolean;
  role?: { value: string };
  name?: { value: string };
  description?: { value: string };
  properties?: { name: string; value: { value: unknown } }[];
  childIds?: string[];
};

export async function accessibilityTree(page: Page): Promise<AxNode[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as { nodes: CdpAxNode[] };
    const byId = new Map(nodes.map((node) => [node.nodeId, node]));
    // Text hidden from assistive technology (aria-hidden) is ignored, and no part of what it reads; an
    // ignored container (a plain span) still holds text that is read.
    const textOf = (node: CdpAxNode): string =>
      node.role?.value === "StaticText" ? (node.ignored ? "" : (node.name?.value ?? "")) : (node.childIds ?? []).map((id) => textOf(byId.get(id)!)).join("");
    return nodes
      .filter((node) => !node.ignored)
      .map((node) => ({
        role: node.role?.value ?? "",
        name: node.name?.value ?? "",
        description: node.description?.value ?? "",
        properties: Object.fromEntries((node.properties ?? []).map((property) => [property.name, property.value.value])),
        text: textOf(node),
      }));
  } finally {
    await cdp.detach();
  }
}

/** The one node with this role whose name matches; throws when there is none or more than one. */
export async function axNode(page: Page, role: string, name: string | RegExp): Promise<AxNode> {
  const matches = (await accessibilityTree(page)).filter(
    (node) => node.role === role && (typeof name === "string" ? node.name === name : name.test(node.name)),
  );
  if (matches.length !== 1) throw new Error(`${matches.length} ${role} nodes named ${String(name)} in the accessibility tree`);
  return matches[0]!;
}

/** The node that has focus, as the accessibility tree says (undefined when nothing but the page has it). */
export async function focusedAxNode(page: Page): Promise<AxNode | undefined> {
  return (await accessibilityTree(page)).find((node) => node.properties.focused === true && node.role !== "RootWebArea");
}
