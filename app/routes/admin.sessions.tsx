import { plannedRoute } from "~/components/planned-screen";

const route = plannedRoute("sessions");
export const meta = route.meta;
export default route.Screen;
