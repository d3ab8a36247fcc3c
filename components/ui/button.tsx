import Link from "next/link";
import type { ComponentProps } from "react";
import { cn } from "./cn";
import { focusRing } from "./focus-ring";

type Variant = "primary" | "secondary" | "danger" | "ghost" | "ghostDanger";
type Size = "sm" | "md";

const variants: Record<Variant, string> = {
  primary: "bg-indigo-600 text-white shadow-sm hover:bg-indigo-500 disabled:bg-indigo-300",
  secondary: "bg-white text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:text-slate-400",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-500 disabled:bg-red-300",
  ghost: "text-slate-700 hover:bg-slate-100 disabled:text-slate-400",
  ghostDanger: "text-red-700 hover:bg-red-50 disabled:text-red-300",
};

const sizes: Record<Size, string> = {
  sm: "gap-1.5 rounded-md px-2.5 py-1.5 text-sm",
  md: "gap-2 rounded-md px-3.5 py-2 text-sm",
};

export function buttonClass(variant: Variant = "secondary", size: Size = "md", className?: string): string {
  return cn(
    "inline-flex items-center justify-center font-medium transition-colors disabled:cursor-not-allowed",
    variants[variant],
    sizes[size],
    focusRing,
    className,
  );
}

type ButtonProps = ComponentProps<"button"> & { variant?: Variant; size?: Size };

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}

type ButtonLinkProps = ComponentProps<typeof Link> & { variant?: Variant; size?: Size };

export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClass(variant, size, className)} {...props} />;
}
