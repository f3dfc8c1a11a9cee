import { plannedRoute } from "~/components/planned-screen";

const route = plannedRoute("questionBank");
export const meta = route.meta;
export default route.Screen;
