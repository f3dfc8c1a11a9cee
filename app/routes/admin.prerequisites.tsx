import { plannedRoute } from "~/components/planned-screen";

const route = plannedRoute("prerequisites");
export const meta = route.meta;
export default route.Screen;
