import nextVitals from "eslint-config-next/core-web-vitals";
import tseslint from "typescript-eslint";

const config = [
  { ignores: [".next/**", "node_modules/**", ".data/**", "db/migrations/**", "next-env.d.ts", "e2e/screenshots/**"] },
  ...nextVitals,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Routes stay thin: the database is reached through lib/ only.
    files: ["app/**/*.ts", "app/**/*.tsx"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["@/db/*", "drizzle-orm", "drizzle-orm/*"] }],
    },
  },
  {
    // The domain knows no HTTP envelope or version: it throws lib/domain-errors, and lib/api maps them.
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    ignores: ["lib/api/**", "**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/api", "@/lib/api/**", "**/lib/api", "**/lib/api/**", "../api", "../api/**", "../../api/**"],
              message: "Only lib/api speaks the wire: throw a lib/domain-errors error, or take what you need as a parameter.",
            },
          ],
        },
      ],
    },
  },
  {
    // Settings are read, validated and defaulted in one place.
    files: ["**/*.ts", "**/*.tsx"],
    ignores: ["lib/env.ts", "**/*.test.ts", "e2e/**", "bench/**", "scripts/**", "testing/**", "*.config.ts", "instrumentation.ts"],
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read settings through lib/env.ts." }],
    },
  },
];

export default config;
