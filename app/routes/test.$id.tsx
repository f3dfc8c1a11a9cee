import { plannedRoute } from "~/components/planned-screen";

const route = plannedRoute("takeTest");
export const meta = route.meta;
export default route.Screen;
