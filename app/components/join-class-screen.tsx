import { PlannedScreen } from "./planned-screen";

/**
 * Student Entry. Joining a class with a code (SPEC.md "Join screen") is built by a later
 * feature; until then the screen says so. Students are sent here for any path outside their set.
 */
export function JoinClassScreen() {
  return (
    <PlannedScreen
      title="Join Your Class"
      summary="Joining a class with the code your teacher gives you is coming soon. Until then, ask your teacher how to take your test."
    />
  );
}
