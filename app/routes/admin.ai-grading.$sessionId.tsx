import { plannedRoute } from "~/components/planned-screen";

const route = plannedRoute("aiGrading");
export const meta = route.meta;
export default route.Screen;
