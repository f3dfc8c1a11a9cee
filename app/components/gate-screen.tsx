import type { Gate } from "~/domain/auth/gates";

import { JoinClassScreen } from "./join-class-screen";
import { LandingPage } from "./landing-page";
import { StudentLayout } from "./student-layout";

/**
 * What a role gate shows instead of the page: the landing page to a visitor
 * who is signed out, the join screen to a student outside their route set.
 */
export function GateScreen({ gate }: { gate: Gate }) {
  if (gate === "landing") return <LandingPage />;
  return (
    <StudentLayout>
      <JoinClassScreen />
    </StudentLayout>
  );
}
