import { plannedRoute } from "~/components/planned-screen";

const route = plannedRoute("createTest");
export const meta = route.meta;
export default route.Screen;
