import { plannedRoute } from "~/components/planned-screen";

const route = plannedRoute("curriculums");
export const meta = route.meta;
export default route.Screen;
