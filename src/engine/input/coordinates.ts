// Reading a location: a shared location, or "lat, long" typed as two decimal degrees.
import type { InboundLocation } from '../events.js';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export function parseCoordinates(text: string | null, location: InboundLocation | null): Coordinates | null {
  if (location !== null) return { latitude: location.latitude, longitude: location.longitude };
  if (text === null) return null;
  const m = /^\s*([+-]?\d{1,2}(?:\.\d+)?)\s*[,; ]\s*([+-]?\d{1,3}(?:\.\d+)?)\s*$/.exec(text);
  if (m === null) return null;
  const latitude = Number(m[1]);
  const longitude = Number(m[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}
