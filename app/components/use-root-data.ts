import { useRouteLoaderData } from "@remix-run/react";

import type { RootData } from "~/domain/shell/root-data";

/** The root loader's data, for layouts that render inside it (typed here so no component imports app/root.tsx). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
