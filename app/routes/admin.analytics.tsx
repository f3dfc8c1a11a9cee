import { plannedRoute } from "~/components/planned-screen";

const route = plannedRoute("analytics");
export const meta = route.meta;
export default route.Screen;
