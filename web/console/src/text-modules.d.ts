// Markdown and YAML files imported as text: the bundler (src/http/console-bundle.ts) loads them so.
declare module '*.md' {
  const text: string;
  export default text;
}

declare module '*.yaml' {
  const text: string;
  export default text;
}
