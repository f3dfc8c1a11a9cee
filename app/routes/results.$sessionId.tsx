import { plannedRoute } from "~/components/planned-screen";

const route = plannedRoute("results");
export const meta = route.meta;
export default route.Screen;
