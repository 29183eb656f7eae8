// Response serializers built on a route's first answer instead of at start: a restarted server answers sooner.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/**
 * Fastify's own serializer factory (fast-json-stringify), each route's serializer compiled when it first serializes.
 * Built eagerly, the serializers of every route and status took about a third of a second of a start (a CPU profile of
 * `node dist/main.js`), time in which a server restarted after a crash answers nobody.
 */
export function lazySerializers(): SerializerFactory {
  const build = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route) => {
      let serialize: ((doc: unknown) => string) | null = null;
      return (doc: unknown) => (serialize ??= compile(route))(doc);
    };
  };
}
