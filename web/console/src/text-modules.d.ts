// Markdown files imported as text: the bundler (src/http/console-bundle.ts) loads them so.
declare module '*.md' {
  const text: string;
  export default text;
}
