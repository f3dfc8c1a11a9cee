import type { MetaFunction } from "@remix-run/cloudflare";

import { JoinClassScreen } from "~/components/join-class-screen";
import { StudentLayout } from "~/components/student-layout";

export const meta: MetaFunction = () => [{ title: "Join Your Class · Adaptive Testing Engine" }];

/** Student Entry: open to everyone, signed in or not (DESIGN.md decision 2). */
export default function Join() {
  return (
    <StudentLayout>
      <JoinClassScreen />
    </StudentLayout>
  );
}
