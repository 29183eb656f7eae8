// The knowledge folder's front door: analysis, chunking, extraction, the BM25 index on either database, retrieval,
// model endpoints' client, and evaluation.
export { analyzerFor, languageOf, STEMMED, type Analyzer } from './analysis/analyzer.js';
export { blocksOfMarkdown, markdownOf, type Block } from './chunking/blocks.js';
export { chunkBlocks, DEFAULT_CHUNKING, type Chunk, type ChunkingOptions } from './chunking/chunker.js';
export { BM25, chunkTerms, idf, queryTerms, rounded, saturation } from './index/bm25.js';
export { coverage, deleteChunks, searchChunks, writeChunks, type DocumentChunks, type ScoredChunk } from './index/postings-sql.js';
export { readCorpus, readQrels, readQueries, type EvalDocument, type EvalQuery } from './eval/beir.js';
export { documentsRanked, ndcgAt, percentile, recallAt, type Judgements } from './eval/metrics.js';
export { evaluate, type EvalReport } from './eval/run.js';
export { DocumentFetcher, type Fetched, type FetchLimits } from './fetch/guarded-fetch.js';
export { extract, kindOfMedia, UnreadableDocument, type Extracted, type SourceKind } from './extract/document.js';
export { extractHtml, type HtmlDocument } from './extract/html.js';
export { readSitemap, type Sitemap } from './extract/sitemap.js';
export { estimateTokens, ModelClient, ModelError, type ChatAnswer, type ChatMessage, type ModelEndpoint, type ModelFailureKind, type TokenUsage } from './models/client.js';
export { cited, excerpt, NO_ANSWER, promptFor, usedPassages, type CitedSource, type Passage, type PassageUse } from './answer/prompt.js';
export { CLASSIFY_MAX_TOKENS, chosenCandidate, classifyPromptFor, NO_MATCH, type Candidate } from './answer/classify-prompt.js';
export { functionWordsFor } from './analysis/stopwords.js';
export { cosine, decodeVector, encodeVector, fuse, RRF_K } from './answer/vectors.js';
