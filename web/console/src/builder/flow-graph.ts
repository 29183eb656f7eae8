// The flow drawn as a graph: an interaction a box, laid out by dagre, with arrows where its steps lead, the funnel of
// the last days in each box (entered, finished, dropped, and a bar for the drop-off) and the unreachable ones marked.
import { Graph, layout } from '@dagrejs/dagre';
import type { FlowInteraction } from '../pages/bot-flow.js';

/** What analytics say of an interaction over the last days (GET /v1/analytics/interactions). */
export interface InteractionFigures { entered: number; finished: number; dropped: number; dropOff: number | null }

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 190;
const LINE = 16;
const PAD = 8;

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, ...children: (SVGElement | string)[]): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  el.append(...children);
  return el;
}

const cut = (text: string, max = 26) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The box's lines: its name, what starts it, its steps' count, and its funnel when figures are known. */
function linesOf(f: FlowInteraction, seen: InteractionFigures | undefined, withFigures: boolean): string[] {
  const lines = [f.label, f.triggers.length === 0 ? 'led to only' : `on ${f.triggers[0]!}`, `${f.steps.length} step${f.steps.length === 1 ? '' : 's'}`];
  if (withFigures) lines.push(seen === undefined ? 'not entered' : `in ${seen.entered} · done ${seen.finished} · dropped ${seen.dropped}`);
  if (f.unreachable) lines.push('Unreachable');
  return lines;
}

/**
 * The graph as an SVG picture (its words are in the list beside it, which is the way to edit by keyboard); a click on
 * a box calls `open` with that interaction's label.
 */
export function flowGraph(flow: FlowInteraction[], figures: Map<string, InteractionFigures> | null, open: (label: string) => void): SVGSVGElement {
  const g = new Graph({ multigraph: false });
  g.setGraph({ rankdir: 'TB', nodesep: 24, ranksep: 36, marginx: 4, marginy: 4 });
  g.setDefaultEdgeLabel(() => ({}));
  const lines = new Map(flow.map((f) => [f.label, linesOf(f, figures?.get(f.label), figures !== null)]));
  for (const f of flow) g.setNode(f.label, { width: WIDTH, height: lines.get(f.label)!.length * LINE + 2 * PAD + (figures === null ? 0 : 6) });
  for (const f of flow) for (const to of f.leadsTo) if (to !== f.label) g.setEdge(f.label, to);
  layout(g);
  const { width = WIDTH, height = 40 } = g.graph();
  const picture = svg('svg', { viewBox: `0 0 ${Math.ceil(width)} ${Math.ceil(height)}`, width: Math.ceil(width), height: Math.ceil(height), class: 'flow-graph' },
    svg('defs', {}, svg('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' },
      svg('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'arrow-head' }))));
  for (const e of g.edges()) {
    const points = g.edge(e).points ?? [];
    picture.append(svg('polyline', { points: points.map((p: { x: number; y: number }) => `${p.x},${p.y}`).join(' '), class: 'edge', 'marker-end': 'url(#arrow)' }));
  }
  for (const f of flow) {
    const node = g.node(f.label);
    const x = node.x - node.width / 2;
    const y = node.y - node.height / 2;
    const seen = figures?.get(f.label);
    const box = svg('g', { class: f.unreachable ? 'node unreachable' : 'node', 'data-label': f.label },
      svg('rect', { x, y, width: node.width, height: node.height, rx: 6 }));
    lines.get(f.label)!.forEach((text, n) => {
      box.append(svg('text', { x: x + PAD, y: y + PAD + (n + 1) * LINE - 4, class: n === 0 ? 'title' : text === 'Unreachable' ? 'warn' : '' }, cut(text)));
    });
    if (seen !== undefined && seen.dropOff !== null) {
      // The drop-off as a bar across the box's foot: the wider, the more people left there.
      const barY = y + node.height - PAD;
      box.append(svg('rect', { x: x + PAD, y: barY, width: node.width - 2 * PAD, height: 4, class: 'bar' }),
        svg('rect', { x: x + PAD, y: barY, width: (node.width - 2 * PAD) * Math.min(1, seen.dropOff), height: 4, class: 'bar dropped' }));
    }
    box.addEventListener('click', () => open(f.label));
    picture.append(box);
  }
  const unreachable = flow.filter((f) => f.unreachable).length;
  picture.setAttribute('role', 'img');
  picture.setAttribute('aria-label', `The flow as a graph: ${flow.length} interaction${flow.length === 1 ? '' : 's'}, ${g.edgeCount()} arrow${g.edgeCount() === 1 ? '' : 's'}${unreachable === 0 ? '' : `, ${unreachable} unreachable`}. The list below says the same in words.`);
  return picture;
}
