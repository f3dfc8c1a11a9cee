import { plannedRoute } from "~/components/planned-screen";

const route = plannedRoute("generateTest");
export const meta = route.meta;
export default route.Screen;
