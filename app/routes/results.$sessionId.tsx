import { plannedRoute } from "~/components/planned-screen";
import { StudentLayout } from "~/components/student-layout";

const route = plannedRoute("results", StudentLayout);
export const meta = route.meta;
export default route.Screen;
