// The code editor over the definition's text area (CodeMirror, loaded only on a bot's page): JSON or YAML colours,
// completion from the language's schema and the definition's own names, the validator's problems underlined where they
// are, and the reference's words on hovering a field. The text area stays the one source the page reads and saves.
import { autocompletion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { yaml } from '@codemirror/lang-yaml';
import { setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, hoverTooltip } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import reference from '../../../../docs/bot-language.md';
import { namesOf, offersAt, type Names } from './completions.js';
import { indexDocs, systemAttributes } from './hover-docs.js';

export interface CodeEditor {
  /** Replaces the whole text (the builder, a starter, a format change wrote it). */
  setText(text: string): void;
  /** Selects a range and brings it into view, with the focus in the editor. */
  select(from: number, to: number): void;
  /** The validator's problems, each at its place in the text. */
  setProblems(list: { from: number; to: number; message: string }[]): void;
  setFormat(format: 'json' | 'yaml'): void;
  /** Gives the text area back (the "plain text" choice). */
  destroy(): void;
}

const DOCS = indexDocs(reference);
const SYSTEM_ATTRIBUTES = systemAttributes(reference);

/** The definition's names for completion, from its text when it parses (else the last names found). */
export function namesFrom(definition: unknown): Names {
  return namesOf(definition, SYSTEM_ATTRIBUTES);
}

function docTooltip(view: EditorView, pos: number): { pos: number; end: number; above: true; create: () => { dom: HTMLElement } } | null {
  const line = view.state.doc.lineAt(pos);
  const text = line.text;
  let start = pos - line.from;
  let end = start;
  while (start > 0 && /[\w:]/.test(text[start - 1]!)) start -= 1;
  while (end < text.length && /[\w:]/.test(text[end]!)) end += 1;
  const word = text.slice(start, end).replace(/:$/, '');
  const docs = DOCS.get(word);
  if (word === '' || docs === undefined) return null;
  return {
    pos: line.from + start, end: line.from + end, above: true,
    create: () => {
      const dom = document.createElement('div');
      dom.className = 'doc-tip';
      const title = document.createElement('strong');
      title.textContent = word;
      dom.append(title);
      for (const d of docs.slice(0, 3)) {
        const p = document.createElement('p');
        p.textContent = `${d.section}: ${d.text}`;
        dom.append(p);
      }
      return { dom };
    },
  };
}

let nonceGiven = false;
/**
 * The nonce the page's policy takes a <style> with (src/http/routes/console.ts), for the first editor only: CodeMirror
 * keeps one <style> for the page, and a later editor handing the nonce again has it set anew, which Chromium refuses.
 */
function styleNonce(): string {
  if (nonceGiven) return '';
  nonceGiven = true;
  return document.querySelector<HTMLMetaElement>('meta[name="style-nonce"]')?.content ?? '';
}

export function codeEditor(area: HTMLTextAreaElement, options: { format: 'json' | 'yaml'; names: () => Names; label: string }): CodeEditor {
  const language = new Compartment();
  let format = options.format;
  let writing = false;
  const complete = (context: CompletionContext): CompletionResult | null => {
    const found = offersAt(context.state, context.pos, format, options.names());
    if (found === null || (found.from === context.pos && !context.explicit && !/[{"\s:-]$/.test(context.state.sliceDoc(context.pos - 1, context.pos)))) return null;
    return { from: found.from, options: found.offers.map((o) => ({ label: o.label, detail: o.detail, type: o.type, apply: o.apply })), validFor: /^[\w:.\- ]*$/ };
  };
  const view = new EditorView({
    parent: area.parentElement!,
    state: EditorState.create({
      doc: area.value,
      extensions: [
        basicSetup,
        EditorView.cspNonce.of(styleNonce()),
        language.of(format === 'yaml' ? yaml() : json()),
        autocompletion({ override: [complete], activateOnTyping: true }),
        hoverTooltip((v, pos) => docTooltip(v, pos), { hoverTime: 300 }),
        EditorState.readOnly.of(area.readOnly),
        // Focusable even when read-only (a role that may only read bots scrolls it by keyboard).
        EditorView.contentAttributes.of({ 'aria-label': options.label, 'aria-describedby': area.getAttribute('aria-describedby') ?? '', tabindex: '0' }),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged || writing) return;
          area.value = update.state.doc.toString();
          area.dispatchEvent(new Event('input'));
        }),
      ],
    }),
  });
  area.after(view.dom);
  area.hidden = true;
  return {
    setText(text) {
      if (text === view.state.doc.toString()) return;
      writing = true;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
      writing = false;
    },
    select(from, to) {
      view.focus();
      view.dispatch({ selection: { anchor: from, head: to }, effects: EditorView.scrollIntoView(from, { y: 'center' }) });
    },
    setProblems(list) {
      const length = view.state.doc.length;
      const diagnostics: Diagnostic[] = list.map((p) => ({ from: Math.min(p.from, length), to: Math.min(Math.max(p.to, p.from), length), severity: 'error', message: p.message }));
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    setFormat(next) {
      format = next;
      view.dispatch({ effects: language.reconfigure(next === 'yaml' ? yaml() : json()) });
    },
    destroy() {
      view.destroy();
      area.hidden = false;
    },
  };
}
