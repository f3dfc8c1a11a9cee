import { plannedRoute } from "~/components/planned-screen";

const route = plannedRoute("importTest");
export const meta = route.meta;
export default route.Screen;
