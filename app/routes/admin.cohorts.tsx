import { plannedRoute } from "~/components/planned-screen";

const route = plannedRoute("cohorts");
export const meta = route.meta;
export default route.Screen;
