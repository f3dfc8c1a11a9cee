import {
  BarChart3,
  BookOpen,
  ClipboardList,
  FileUp,
  GitBranch,
  GraduationCap,
  Home,
  Layers,
  ListChecks,
  LogIn,
  type LucideIcon,
  PlusCircle,
  Sparkles,
  Target,
  Users,
} from "lucide-react";

import type { Role } from "~/domain/auth/roles";

type NavItem = { label: string; to: string; icon: LucideIcon };
export type NavGroup = { label: string; items: NavItem[] };

/** The sidebar's groups and items, word for word as specified. */
const ADMIN_GROUPS: NavGroup[] = [
  {
    label: "Test Management",
    items: [
      { label: "Home", to: "/", icon: Home },
      { label: "Manage Tests", to: "/admin/tests", icon: ClipboardList },
      { label: "Test Sessions", to: "/admin/sessions", icon: ListChecks },
      { label: "Create New Test", to: "/admin/tests/create", icon: PlusCircle },
      { label: "AI Test Generator", to: "/admin/tests/generate", icon: Sparkles },
      { label: "Import Test", to: "/admin/tests/import", icon: FileUp },
      { label: "Class Management", to: "/admin/cohorts", icon: Users },
      { label: "Students", to: "/admin/students", icon: GraduationCap },
      { label: "Cohort Analytics", to: "/admin/analytics", icon: BarChart3 },
    ],
  },
  {
    label: "Curriculum Management",
    items: [
      { label: "Question Bank", to: "/admin/question-bank", icon: BookOpen },
      { label: "Competencies", to: "/admin/competencies", icon: Target },
      { label: "Curriculums", to: "/admin/curriculums", icon: Layers },
      { label: "Prerequisites", to: "/admin/prerequisites", icon: GitBranch },
    ],
  },
];

const STUDENT_GROUPS: NavGroup[] = [{ label: "Student Menu", items: [{ label: "Student Entry", to: "/join", icon: LogIn }] }];

/** Teachers see the admin screens (each scoped to their classes, ADR 0031); the district admin's own are reached from the Students page. */
export function navGroupsFor(role: Role): NavGroup[] {
  return role === "student" ? STUDENT_GROUPS : ADMIN_GROUPS;
}
