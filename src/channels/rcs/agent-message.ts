// Google RBM's AgentMessage as phones.agentMessages.create takes it (the fields this server sends), and RBM's documented limits.

export const RBM_LIMITS = {
  text: 3072,
  suggestionText: 25,
  postbackData: 2048,
  suggestions: 11,
  cardSuggestions: 4,
  cardTitle: 200,
  cardDescription: 2000,
  carouselMin: 2,
  carouselMax: 10,
  calendarTitle: 100,
  calendarDescription: 500,
} as const;

export interface LatLng { latitude: number; longitude: number }

export interface ContentInfo {
  fileUrl: string;
  thumbnailUrl?: string;
  forceRefresh?: boolean;
}

export interface OpenUrlAction {
  url: string;
  application?: 'BROWSER' | 'WEBVIEW';
  webviewViewMode?: 'FULL' | 'HALF' | 'TALL';
  description?: string;
}

export interface SuggestedAction {
  text: string;
  postbackData: string;
  dialAction?: { phoneNumber: string };
  viewLocationAction?: { latLong?: LatLng; label?: string; query?: string };
  createCalendarEventAction?: { startTime: string; endTime: string; title: string; description?: string };
  openUrlAction?: OpenUrlAction;
  shareLocationAction?: Record<string, never>;
}

export interface Suggestion {
  reply?: { text: string; postbackData: string };
  action?: SuggestedAction;
}

export type MediaHeight = 'SHORT' | 'MEDIUM' | 'TALL';

export interface CardContent {
  title?: string;
  description?: string;
  media?: { height: MediaHeight; contentInfo: ContentInfo };
  suggestions?: Suggestion[];
}

export interface StandaloneCard {
  cardOrientation: 'VERTICAL' | 'HORIZONTAL';
  thumbnailImageAlignment?: 'LEFT' | 'RIGHT';
  cardContent: CardContent;
}

export interface CarouselCard {
  cardWidth: 'SMALL' | 'MEDIUM';
  cardContents: CardContent[];
}

/** Exactly one of text, contentInfo and richCard is set. */
export interface AgentContentMessage {
  text?: string;
  contentInfo?: ContentInfo;
  richCard?: { standaloneCard?: StandaloneCard; carouselCard?: CarouselCard };
  suggestions?: Suggestion[];
}

export interface AgentMessage {
  contentMessage: AgentContentMessage;
}
