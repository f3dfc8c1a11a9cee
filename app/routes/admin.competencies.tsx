import { plannedRoute } from "~/components/planned-screen";

const route = plannedRoute("competencies");
export const meta = route.meta;
export default route.Screen;
