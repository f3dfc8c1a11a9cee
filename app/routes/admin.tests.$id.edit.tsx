import { plannedRoute } from "~/components/planned-screen";

const route = plannedRoute("editTest");
export const meta = route.meta;
export default route.Screen;
