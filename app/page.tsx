import { redirect } from "next/navigation";
import { getDashboardUser } from "@/lib/dashboard/session";

export default async function Home() {
  redirect((await getDashboardUser()) ? "/trackings" : "/sign-in");
}
