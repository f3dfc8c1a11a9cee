import { plannedRoute } from "~/components/planned-screen";

const route = plannedRoute("tests");
export const meta = route.meta;
export default route.Screen;
