// Generated from /v1/openapi.json by `npm run sdk:generate` (openapi-typescript); do not edit. test/sdk/drift.test.ts fails when it is stale.
export interface paths {
    "/v1/account/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change the account's password; every other session is signed out */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        currentPassword: string;
                        newPassword: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's settings */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Days of message history kept; older messages are deleted by a daily job. null keeps everything (the default). */
                            messageRetentionDays: number | null;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change the account's settings (the fields given) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Days of message history kept; older messages are deleted by a daily job. null keeps everything (the default). */
                        messageRetentionDays?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Days of message history kept; older messages are deleted by a daily job. null keeps everything (the default). */
                            messageRetentionDays: number | null;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/account/sso": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's single sign-on settings (never the client secret) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description E-mail domains whose people may sign in (any case; kept in lower case). */
                            allowedDomains: string[];
                            clientId: string;
                            clientSecretSet: boolean;
                            dateUpdated: string;
                            /** @enum {string|null} */
                            defaultRole: "owner" | "admin" | "developer" | "agent" | "viewer" | null;
                            /** @description false keeps the settings but signs nobody in through the provider. */
                            enabled: boolean;
                            /**
                             * Format: uri
                             * @description The provider's issuer URL; its /.well-known/openid-configuration is read.
                             */
                            issuer: string;
                            /** @description false: members of the account sign in only through the provider. */
                            passwordSignIn: boolean;
                            /** @description Register this as the client's redirect URI at the provider. */
                            redirectUri: string;
                            roleClaim: string | null;
                            roleMap: {
                                [key: string]: "owner" | "admin" | "developer" | "agent" | "viewer";
                            };
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        /** Set the account's single sign-on (OpenID Connect) settings */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description E-mail domains whose people may sign in (any case; kept in lower case). */
                        allowedDomains: string[];
                        clientId: string;
                        /** @description Stored encrypted, never shown; omit to keep the stored one. */
                        clientSecret?: string;
                        /**
                         * @description The role of a new member whose claim maps to none; null: such people are refused.
                         * @enum {string|null}
                         */
                        defaultRole?: "owner" | "admin" | "developer" | "agent" | "viewer" | null;
                        /** @description false keeps the settings but signs nobody in through the provider. */
                        enabled: boolean;
                        /**
                         * Format: uri
                         * @description The provider's issuer URL; its /.well-known/openid-configuration is read.
                         */
                        issuer: string;
                        /** @description false: members of the account sign in only through the provider. */
                        passwordSignIn: boolean;
                        /** @description The ID token claim read for a new member's role (a string or a list). */
                        roleClaim?: string | null;
                        /** @description Claim value to role; the first value mapped wins. */
                        roleMap?: {
                            [key: string]: "owner" | "admin" | "developer" | "agent" | "viewer";
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description E-mail domains whose people may sign in (any case; kept in lower case). */
                            allowedDomains: string[];
                            clientId: string;
                            clientSecretSet: boolean;
                            dateUpdated: string;
                            /** @enum {string|null} */
                            defaultRole: "owner" | "admin" | "developer" | "agent" | "viewer" | null;
                            /** @description false keeps the settings but signs nobody in through the provider. */
                            enabled: boolean;
                            /**
                             * Format: uri
                             * @description The provider's issuer URL; its /.well-known/openid-configuration is read.
                             */
                            issuer: string;
                            /** @description false: members of the account sign in only through the provider. */
                            passwordSignIn: boolean;
                            /** @description Register this as the client's redirect URI at the provider. */
                            redirectUri: string;
                            roleClaim: string | null;
                            roleMap: {
                                [key: string]: "owner" | "admin" | "developer" | "agent" | "viewer";
                            };
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        post?: never;
        /** Remove the account's single sign-on; passwords sign in again */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Totals over a range of days: conversations, messages, containment, opt-outs, delivery */
        get: {
            parameters: {
                query?: {
                    /** @description Only this bot's conversations (403: another account's). */
                    bot_id?: number;
                    /** @description Only this channel (403: another account's). */
                    channel_id?: number;
                    /** @description First day counted, UTC (yyyy-mm-dd); by default 29 days before `to`. */
                    from?: string;
                    /** @description Last day counted, inclusive, UTC; by default today (or 29 days after `from`, up to today). */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description People's replies that ended a wait for a person (after a handoff, or the human asking for one). */
                            agentFirstReplies: number;
                            /** @description The average time to those replies, in seconds; null without any. */
                            agentFirstReplySeconds: number | null;
                            /** @description conversations − handoffs − takeovers. */
                            contained: number;
                            /** @description contained / conversations; null without conversations. */
                            containment: number | null;
                            /** @description Conversations the bot started in (a first message, a welcome, a script). */
                            conversations: number;
                            /** @description Outbound messages the provider reported delivered (or read without a delivery receipt). */
                            delivered: number;
                            failed: number;
                            from: string;
                            /** @description Times the bot handed a conversation to people. */
                            handoffs: number;
                            messagesIn: number;
                            /** @description By who wrote them: the bot, people, automatic keyword replies. */
                            messagesOut: {
                                agent: number;
                                bot: number;
                                keyword: number;
                                total: number;
                            };
                            /** @description Unsubscriptions: by a STOP keyword, a bot step, the API or the provider. */
                            optouts: number;
                            read: number;
                            /** @description Times a person took a conversation from the bot. */
                            takeovers: number;
                            to: string;
                            /** @description Messages whose text matched no button, answer or intent. */
                            unrecognised: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The figures per channel, with failures by reason */
        get: {
            parameters: {
                query?: {
                    /** @description Only this bot's conversations (403: another account's). */
                    bot_id?: number;
                    /** @description Only this channel (403: another account's). */
                    channel_id?: number;
                    /** @description First day counted, UTC (yyyy-mm-dd); by default 29 days before `to`. */
                    from?: string;
                    /** @description Last day counted, inclusive, UTC; by default today (or 29 days after `from`, up to today). */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            channels: {
                                /** @description People's replies that ended a wait for a person (after a handoff, or the human asking for one). */
                                agentFirstReplies: number;
                                /** @description The average time to those replies, in seconds; null without any. */
                                agentFirstReplySeconds: number | null;
                                channelId: number;
                                /** @description conversations − handoffs − takeovers. */
                                contained: number;
                                /** @description contained / conversations; null without conversations. */
                                containment: number | null;
                                /** @description Conversations the bot started in (a first message, a welcome, a script). */
                                conversations: number;
                                /** @description Outbound messages the provider reported delivered (or read without a delivery receipt). */
                                delivered: number;
                                failed: number;
                                /** @description Failed messages by reason, most frequent first. */
                                failures: {
                                    count: number;
                                    reason: string;
                                }[];
                                /** @description Times the bot handed a conversation to people. */
                                handoffs: number;
                                messagesIn: number;
                                /** @description By who wrote them: the bot, people, automatic keyword replies. */
                                messagesOut: {
                                    agent: number;
                                    bot: number;
                                    keyword: number;
                                    total: number;
                                };
                                /** @description Unsubscriptions: by a STOP keyword, a bot step, the API or the provider. */
                                optouts: number;
                                read: number;
                                /** @description Times a person took a conversation from the bot. */
                                takeovers: number;
                                /** @description Messages whose text matched no button, answer or intent. */
                                unrecognised: number;
                            }[];
                            from: string;
                            to: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/daily": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The same figures for each day of the range, days without anything included */
        get: {
            parameters: {
                query?: {
                    /** @description Only this bot's conversations (403: another account's). */
                    bot_id?: number;
                    /** @description Only this channel (403: another account's). */
                    channel_id?: number;
                    /** @description First day counted, UTC (yyyy-mm-dd); by default 29 days before `to`. */
                    from?: string;
                    /** @description Last day counted, inclusive, UTC; by default today (or 29 days after `from`, up to today). */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            days: {
                                /** @description People's replies that ended a wait for a person (after a handoff, or the human asking for one). */
                                agentFirstReplies: number;
                                /** @description The average time to those replies, in seconds; null without any. */
                                agentFirstReplySeconds: number | null;
                                /** @description conversations − handoffs − takeovers. */
                                contained: number;
                                /** @description contained / conversations; null without conversations. */
                                containment: number | null;
                                /** @description Conversations the bot started in (a first message, a welcome, a script). */
                                conversations: number;
                                day: string;
                                /** @description Outbound messages the provider reported delivered (or read without a delivery receipt). */
                                delivered: number;
                                failed: number;
                                /** @description Times the bot handed a conversation to people. */
                                handoffs: number;
                                messagesIn: number;
                                /** @description By who wrote them: the bot, people, automatic keyword replies. */
                                messagesOut: {
                                    agent: number;
                                    bot: number;
                                    keyword: number;
                                    total: number;
                                };
                                /** @description Unsubscriptions: by a STOP keyword, a bot step, the API or the provider. */
                                optouts: number;
                                read: number;
                                /** @description Times a person took a conversation from the bot. */
                                takeovers: number;
                                /** @description Messages whose text matched no button, answer or intent. */
                                unrecognised: number;
                            }[];
                            from: string;
                            to: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the tables as CSV (RFC 4180), for a spreadsheet */
        get: {
            parameters: {
                query: {
                    /** @description Only this bot's conversations (403: another account's). */
                    bot_id?: number;
                    /** @description Only this channel (403: another account's). */
                    channel_id?: number;
                    /** @description First day counted, UTC (yyyy-mm-dd); by default 29 days before `to`. */
                    from?: string;
                    /** @description daily, channels, interactions or unrecognised (up to 10,000 texts). */
                    table: "daily" | "channels" | "interactions" | "unrecognised";
                    /** @description Last day counted, inclusive, UTC; by default today (or 29 days after `from`, up to today). */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description text/csv; charset=utf-8 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/interactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Per interaction: entered, finished, where conversations rest, and drop-off */
        get: {
            parameters: {
                query?: {
                    /** @description Only this bot's conversations (403: another account's). */
                    bot_id?: number;
                    /** @description Only this channel (403: another account's). */
                    channel_id?: number;
                    /** @description First day counted, UTC (yyyy-mm-dd); by default 29 days before `to`. */
                    from?: string;
                    /** @description Last day counted, inclusive, UTC; by default today (or 29 days after `from`, up to today). */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            from: string;
                            interactions: {
                                /** @description dropped / entered; null when nothing entered it. */
                                dropOff: number | null;
                                /** @description Of those, the ones that did not finish it. */
                                dropped: number;
                                entered: number;
                                finished: number;
                                /** @description Its name, else its pointer in the definition. */
                                interaction: string;
                                /** @description Conversations whose last interaction entered this is (by the day they entered it). */
                                left: number;
                            }[];
                            to: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/unrecognised": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What people wrote that the bot did not understand, most frequent first */
        get: {
            parameters: {
                query?: {
                    /** @description Only this bot's conversations (403: another account's). */
                    bot_id?: number;
                    /** @description Only this channel (403: another account's). */
                    channel_id?: number;
                    /** @description First day counted, UTC (yyyy-mm-dd); by default 29 days before `to`. */
                    from?: string;
                    limit?: number;
                    /** @description Last day counted, inclusive, UTC; by default today (or 29 days after `from`, up to today). */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            from: string;
                            texts: {
                                count: number;
                                lastAt: string;
                                /** @description As typed, in lower case with spaces collapsed, at most 200 characters. */
                                text: string;
                            }[];
                            to: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit log, newest first, a page at a time */
        get: {
            parameters: {
                query?: {
                    cursor?: string;
                    limit?: number;
                    /** @description Changes by this member. */
                    member_id?: number;
                    resource?: string;
                    resource_id?: string;
                    /** @description From this date-time, inclusive (no zone: UTC). */
                    since?: string;
                    /** @description Changes made with this token. */
                    token_id?: string;
                    /** @description Up to this date-time, inclusive. */
                    until?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            entries: {
                                /** @description create, update, delete, or what the route names (publish, subscribe, link, accept…). */
                                action: string;
                                actor: {
                                    /** @description The member's e-mail when the change was made. */
                                    email: string | null;
                                    /** @description Null: the account's own credential. */
                                    memberId: number | null;
                                    /** @description The member's name as it is now, else the e-mail kept, else "The account's own credential". */
                                    name: string;
                                    role: string;
                                    /** @description The console session used, if any. */
                                    sessionId: string | null;
                                    /** @description The API token used, if any. */
                                    tokenId: string | null;
                                };
                                /** @description The client's address. */
                                address: string | null;
                                /** @description `yyyy-mm-ddThh:mm:ss` UTC. */
                                at: string;
                                /** @description Names of the fields the request set; never their values. */
                                fields: string[];
                                id: number;
                                method: string;
                                /** @description bots, channels, humans, conversations, messages, webhooks, tokens, members… */
                                resource: string;
                                resourceId: string | null;
                                /** @description The name of what was changed as it was then (a channel's, a bot's, a member's…); a human's and a conversation's as the human is named now (a human's name is never kept in the log, so an erasure takes it out); null: none known. */
                                resourceName: string | null;
                                route: string;
                                status: number;
                                /** @description The entry in words: "Ana took over conversation 12 (Ada Lovelace)", "Bob changed the token of channel SMS US", "Ana signed in". */
                                summary: string;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List bots (each at its current revision) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            currentRevision: number;
                            dateCreated: string;
                            id: number;
                            /** @description Bot format: the interactions of the shown revision. */
                            interactions?: unknown[];
                            latestRevision: number;
                            name: string;
                            /** @description RCS experience format: the workflows of the shown revision. */
                            workflows?: unknown[];
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        /** Create a bot from a definition (revision 1, published) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description A bot definition: `name` (1 to 100 characters) plus `interactions` (bot format) or `workflows` (RCS experience format). See docs/bot-language.md. */
            requestBody: {
                content: {
                    "application/json": components["schemas"]["BotLanguage.BotDefinition"] | components["schemas"]["BotLanguage.ExperienceDefinition"] | {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description The definition of the shown revision (every field as submitted) plus the bot's id, name, dateCreated and revision numbers. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            currentRevision: number;
                            dateCreated: string;
                            id: number;
                            /** @description Bot format: the interactions of the shown revision. */
                            interactions?: unknown[];
                            latestRevision: number;
                            name: string;
                            /** @description RCS experience format: the workflows of the shown revision. */
                            workflows?: unknown[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The request conflicts with the current state of the resource. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bots/{bot_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a bot at its current revision */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The bot's id. */
                    bot_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The definition of the shown revision (every field as submitted) plus the bot's id, name, dateCreated and revision numbers. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            currentRevision: number;
                            dateCreated: string;
                            id: number;
                            /** @description Bot format: the interactions of the shown revision. */
                            interactions?: unknown[];
                            latestRevision: number;
                            name: string;
                            /** @description RCS experience format: the workflows of the shown revision. */
                            workflows?: unknown[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        /** Store a new revision (latestRevision + 1); ?publish=true also makes it current */
        put: {
            parameters: {
                query?: {
                    publish?: boolean;
                };
                header?: never;
                path: {
                    /** @description The bot's id. */
                    bot_id: number;
                };
                cookie?: never;
            };
            /** @description A bot definition: `name` (1 to 100 characters) plus `interactions` (bot format) or `workflows` (RCS experience format). See docs/bot-language.md. */
            requestBody: {
                content: {
                    "application/json": components["schemas"]["BotLanguage.BotDefinition"] | components["schemas"]["BotLanguage.ExperienceDefinition"] | {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description The definition of the shown revision (every field as submitted) plus the bot's id, name, dateCreated and revision numbers. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            currentRevision: number;
                            dateCreated: string;
                            id: number;
                            /** @description Bot format: the interactions of the shown revision. */
                            interactions?: unknown[];
                            latestRevision: number;
                            name: string;
                            /** @description RCS experience format: the workflows of the shown revision. */
                            workflows?: unknown[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The request conflicts with the current state of the resource. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a bot (409 while channels use it or another bot includes it) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The bot's id. */
                    bot_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The request conflicts with the current state of the resource. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bots/{bot_id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a stored revision current */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The bot's id. */
                    bot_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        revision: number;
                    };
                };
            };
            responses: {
                /** @description The definition of the shown revision (every field as submitted) plus the bot's id, name, dateCreated and revision numbers. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            currentRevision: number;
                            dateCreated: string;
                            id: number;
                            /** @description Bot format: the interactions of the shown revision. */
                            interactions?: unknown[];
                            latestRevision: number;
                            name: string;
                            /** @description RCS experience format: the workflows of the shown revision. */
                            workflows?: unknown[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bots/{bot_id}/revisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a bot's revisions */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The bot's id. */
                    bot_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            current: boolean;
                            dateCreated: string;
                            revision: number;
                        }[];
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bots/{bot_id}/revisions/{revision}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a bot at one revision */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The bot's id. */
                    bot_id: number;
                    revision: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The definition of the shown revision (every field as submitted) plus the bot's id, name, dateCreated and revision numbers. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            currentRevision: number;
                            dateCreated: string;
                            id: number;
                            /** @description Bot format: the interactions of the shown revision. */
                            interactions?: unknown[];
                            latestRevision: number;
                            name: string;
                            /** @description RCS experience format: the workflows of the shown revision. */
                            workflows?: unknown[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bots/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run conversation tests against a definition, with what they exercised of it
         * @description The tests file is the one `parley test` reads (docs/authoring.md); requests, models and knowledge come from its fixtures, so nothing is sent or stored. At most 100 runs (a test once per channel).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A bot definition: `name` (1 to 100 characters) plus `interactions` (bot format) or `workflows` (RCS experience format). See docs/bot-language.md. */
                        definition: {
                            interactions?: unknown[];
                            name: string;
                            workflows?: unknown[];
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description A conversation tests file (YAML). */
                        tests: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            coverage: {
                                actions: {
                                    run: number;
                                    total: number;
                                };
                                interactions: {
                                    entered: number;
                                    total: number;
                                };
                                /** @description Interactions no test entered. */
                                notEntered: {
                                    label: string;
                                    pointer: string;
                                    reachable: boolean;
                                }[];
                                /** @description Pointers of the actions of entered interactions that never ran. */
                                notRun: string[];
                            };
                            failed: number;
                            passed: number;
                            results: {
                                failure: {
                                    /** @description Its line in the tests file. */
                                    line: number;
                                    /** @description What went wrong, then what was expected and what came. */
                                    lines: string[];
                                    /** @description The failing step, counted from 1. */
                                    step: number;
                                } | null;
                                label: string;
                                passed: boolean;
                            }[];
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bots/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Validate a definition without saving it */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description A bot definition in either format. */
            requestBody: {
                content: {
                    "application/json": unknown;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description bot (interactions) or experience (workflows); null when neither. */
                            format: "bot" | "experience" | null;
                            problems: {
                                message: string;
                                /** @description JSON pointer (RFC 6901) into the definition. */
                                pointer: string;
                            }[];
                            valid: boolean;
                            /** @description For a valid definition, what would surprise the people writing to the bot: no catch-all (no sys:text interaction), so unrecognised messages get no answer. */
                            warnings: {
                                message: string;
                                /** @description JSON pointer (RFC 6901) into the definition. */
                                pointer: string;
                            }[];
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/canned-replies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's canned replies, by title */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            dateCreated: string;
                            dateUpdated: string;
                            id: number;
                            text: string;
                            title: string;
                        }[];
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        /** Add a canned reply */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Put in the reply box as it is, to change before sending. */
                        text: string;
                        /** @description Unique in the account. */
                        title: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            dateCreated: string;
                            dateUpdated: string;
                            id: number;
                            text: string;
                            title: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The request conflicts with the current state of the resource. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/canned-replies/{canned_reply_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change a canned reply */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The canned reply's id. */
                    canned_reply_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Put in the reply box as it is, to change before sending. */
                        text: string;
                        /** @description Unique in the account. */
                        title: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            dateCreated: string;
                            dateUpdated: string;
                            id: number;
                            text: string;
                            title: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The request conflicts with the current state of the resource. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a canned reply */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The canned reply's id. */
                    canned_reply_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List channels */
        get: {
            parameters: {
                query?: {
                    /** @description Only channels of this bot. */
                    bot_id?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            botId: number;
                            channelType: string;
                            /** @description US or CA on Long Code channels; null otherwise. */
                            countryCode: string | null;
                            /** @description Verified Sender Setup of an RCS channel; null otherwise. */
                            data: {
                                [key: string]: unknown;
                            } | null;
                            /** @description yyyy-mm-ddThh:mm:ss, UTC. */
                            dateCreated: string;
                            description: string;
                            id: number;
                            name: string;
                            /** @description 1 user-entered number, 2 hosted number, 3 text-enabled toll-free; 0 on non-phone channels. */
                            phoneType: number;
                            /** @description Made only to try a bot (the console's "Try it"): left out of the overview, never a broadcast's default channel. */
                            trial: boolean;
                            /** @description Public identifier of the channel (e.g. the messenger page id, the phone number). */
                            user: string | null;
                        }[];
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        /** Create a channel */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Id of the bot that owns the channel. */
                        botId: number;
                        /**
                         * @description A channel type name from GET /v1/channels/types.
                         * @enum {string}
                         */
                        channelType: "dsc" | "dlc" | "fb" | "twr" | "alx" | "web" | "rcs" | "wha" | "tlg";
                        /** @description dlc only: US or CA. */
                        countryCode?: string | null;
                        /** @description rcs only: the Verified Sender Setup. */
                        data?: {
                            [key: string]: unknown;
                        } | null;
                        description: string;
                        name: string;
                        /** @description dlc only: 1, 2 or 3 (default 1). */
                        phoneType?: number;
                        /** @description Password, private key or access token. Stored encrypted; never returned. */
                        token?: string | null;
                        /** @description true: a channel only to try a bot on (default false); set when created, never changed. */
                        trial?: boolean;
                        /** @description Public identifier of the channel. */
                        user?: string | null;
                    } & (unknown & unknown);
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            botId: number;
                            channelType: string;
                            /** @description US or CA on Long Code channels; null otherwise. */
                            countryCode: string | null;
                            /** @description Verified Sender Setup of an RCS channel; null otherwise. */
                            data: {
                                [key: string]: unknown;
                            } | null;
                            /** @description yyyy-mm-ddThh:mm:ss, UTC. */
                            dateCreated: string;
                            description: string;
                            id: number;
                            name: string;
                            /** @description 1 user-entered number, 2 hosted number, 3 text-enabled toll-free; 0 on non-phone channels. */
                            phoneType: number;
                            /** @description Made only to try a bot (the console's "Try it"): left out of the overview, never a broadcast's default channel. */
                            trial: boolean;
                            /** @description Public identifier of the channel (e.g. the messenger page id, the phone number). */
                            user: string | null;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/channels/{channel_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a channel */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The channel's id. */
                    channel_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            botId: number;
                            channelType: string;
                            /** @description US or CA on Long Code channels; null otherwise. */
                            countryCode: string | null;
                            /** @description Verified Sender Setup of an RCS channel; null otherwise. */
                            data: {
                                [key: string]: unknown;
                            } | null;
                            /** @description yyyy-mm-ddThh:mm:ss, UTC. */
                            dateCreated: string;
                            description: string;
                            id: number;
                            name: string;
                            /** @description 1 user-entered number, 2 hosted number, 3 text-enabled toll-free; 0 on non-phone channels. */
                            phoneType: number;
                            /** @description Made only to try a bot (the console's "Try it"): left out of the overview, never a broadcast's default channel. */
                            trial: boolean;
                            /** @description Public identifier of the channel (e.g. the messenger page id, the phone number). */
                            user: string | null;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        /** Update a channel */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The channel's id. */
                    channel_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Id of the bot that owns the channel. */
                        botId: number;
                        /** @description Must equal the channel's type if given. */
                        channelType?: string;
                        /** @description dlc only: US or CA. */
                        countryCode?: string | null;
                        /** @description rcs only: the Verified Sender Setup. */
                        data?: {
                            [key: string]: unknown;
                        } | null;
                        description: string;
                        name: string;
                        /** @description dlc only: 1, 2 or 3 (default 1). */
                        phoneType?: number;
                        /** @description Password, private key or access token. Stored encrypted; never returned. */
                        token?: string | null;
                        /** @description Public identifier of the channel. */
                        user?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            botId: number;
                            channelType: string;
                            /** @description US or CA on Long Code channels; null otherwise. */
                            countryCode: string | null;
                            /** @description Verified Sender Setup of an RCS channel; null otherwise. */
                            data: {
                                [key: string]: unknown;
                            } | null;
                            /** @description yyyy-mm-ddThh:mm:ss, UTC. */
                            dateCreated: string;
                            description: string;
                            id: number;
                            name: string;
                            /** @description 1 user-entered number, 2 hosted number, 3 text-enabled toll-free; 0 on non-phone channels. */
                            phoneType: number;
                            /** @description Made only to try a bot (the console's "Try it"): left out of the overview, never a broadcast's default channel. */
                            trial: boolean;
                            /** @description Public identifier of the channel (e.g. the messenger page id, the phone number). */
                            user: string | null;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a channel */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The channel's id. */
                    channel_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/channels/{channel_id}/subscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Subscribe humans to a channel */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The channel's id. */
                    channel_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Ids of humans of this account. */
                        humanIds: number[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            channelId: number;
                            subscribedHumansCount: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/channels/{channel_id}/subscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Count the humans subscribed to a channel */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The channel's id. */
                    channel_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            channelId: number;
                            subscribedHumansCount: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/channels/{channel_id}/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the message templates a channel may send (WhatsApp: declared in its token, and its business account's)
         * @description Empty for channel types without provider templates. The business account's templates are read with the channel's token and kept for WHATSAPP_TEMPLATE_CACHE_MS.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The channel's id. */
                    channel_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The body text with its {{1}} placeholders, when known. */
                            body: string | null;
                            category: string | null;
                            language: string;
                            name: string;
                            /** @description Body parameters it takes (variables). */
                            parameters: number;
                            /** @enum {string} */
                            source: "declared" | "businessAccount";
                            /** @description APPROVED, PENDING, REJECTED, PAUSED or DISABLED as WhatsApp says; DECLARED for one the channel's token names. */
                            status: string;
                        }[];
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/channels/{channel_id}/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Unsubscribe humans from a channel */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The channel's id. */
                    channel_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Ids of humans of this account. */
                        humanIds: number[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            channelId: number;
                            unsubscribedHumansCount: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/channels/types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List channel types */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Listed but not yet available: channels of this type cannot be created. */
                            comingSoon: boolean;
                            /** @description Full name of the channel type. */
                            description: string;
                            /** @description Identifier used as channelType in other calls. */
                            name: string;
                        }[];
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consent/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's consent ledger over a range of days, as CSV (RFC 4180), for an audit */
        get: {
            parameters: {
                query?: {
                    /** @description First day, UTC (yyyy-mm-dd); by default 29 days before `to`. */
                    from?: string;
                    /** @description Last day, inclusive, UTC; by default today (or 29 days after `from`, up to today), as analytics ranges. */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description text/csv; charset=utf-8: date, humanId, family, state, source, channelId, proof */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List conversations, oldest first, a page at a time (order=recent: latest activity first) */
        get: {
            parameters: {
                query?: {
                    channel_id?: number;
                    cursor?: string;
                    human_id?: number;
                    limit?: number;
                    /** @description id (default): oldest first, a page at a time. recent: the `limit` conversations with the latest activity, newest first, in one page (nextCursor null). */
                    order?: "id" | "recent";
                    /** @description true: only the parked conversations (after an upgrade or a rollback, the ones to look at). */
                    parked?: boolean;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            conversations: {
                                /** @description The member the conversation is assigned to; null: nobody. */
                                assigneeId: number | null;
                                /** @description false: the bot is silent and people answer (set by updateSettings or this API). */
                                botEnabled: boolean;
                                channelId: number;
                                /** @description sys:context. */
                                context: string | null;
                                dateCreated: string;
                                /** @description When it last had a message (in, out or a note); null before its first. The inbox's order. */
                                dateLastActivity: string | null;
                                dateUpdated: string;
                                /** @description Names of the open dialogs, outermost first. */
                                dialogs: string[];
                                humanId: number;
                                id: number;
                                /** @description Why the conversation takes no runs (its stored state was written by a newer release, or cannot be read); null: it runs. Its messages are still stored. */
                                parked: string | null;
                                /** @description normal or high. */
                                priority: string;
                                /**
                                 * @description open (to answer), pending (waiting on the human or on someone else), resolved (done). A message from the human makes it open again.
                                 * @enum {string}
                                 */
                                status: "open" | "pending" | "resolved";
                                /** @description answer (a waitFor), form, pause; null when the bot is idle. */
                                waitingFor: string | null;
                                /** @description The bot handed the conversation to people (updateSettings bot.enabled false) or the human asked for a person, and no member has answered, taken it over or resolved it since. */
                                wantsPerson: boolean;
                                wantsPersonSince: string | null;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations/{conversation_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a conversation */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The conversation's id. */
                    conversation_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The member the conversation is assigned to; null: nobody. */
                            assigneeId: number | null;
                            /** @description false: the bot is silent and people answer (set by updateSettings or this API). */
                            botEnabled: boolean;
                            channelId: number;
                            /** @description sys:context. */
                            context: string | null;
                            dateCreated: string;
                            /** @description When it last had a message (in, out or a note); null before its first. The inbox's order. */
                            dateLastActivity: string | null;
                            dateUpdated: string;
                            /** @description Names of the open dialogs, outermost first. */
                            dialogs: string[];
                            humanId: number;
                            id: number;
                            /** @description Why the conversation takes no runs (its stored state was written by a newer release, or cannot be read); null: it runs. Its messages are still stored. */
                            parked: string | null;
                            /** @description normal or high. */
                            priority: string;
                            /**
                             * @description open (to answer), pending (waiting on the human or on someone else), resolved (done). A message from the human makes it open again.
                             * @enum {string}
                             */
                            status: "open" | "pending" | "resolved";
                            /** @description answer (a waitFor), form, pause; null when the bot is idle. */
                            waitingFor: string | null;
                            /** @description The bot handed the conversation to people (updateSettings bot.enabled false) or the human asked for a person, and no member has answered, taken it over or resolved it since. */
                            wantsPerson: boolean;
                            wantsPersonSince: string | null;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Hand a conversation to people (botEnabled false) or back to the bot; set its priority, status and assignee
         * @description Taking a conversation over assigns it to the member who does when nobody has it. Taking it over, replying or resolving it answers its "wants a person" flag (an assignment alone does not: the human still waits). An assignee is an active member whose role answers conversations (422 otherwise).
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The conversation's id. */
                    conversation_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A member's id; null: nobody. */
                        assigneeId?: number | null;
                        botEnabled?: boolean;
                        /** @enum {string} */
                        priority?: "normal" | "high";
                        /**
                         * @description open (to answer), pending (waiting on the human or on someone else), resolved (done). A message from the human makes it open again.
                         * @enum {string}
                         */
                        status?: "open" | "pending" | "resolved";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The member the conversation is assigned to; null: nobody. */
                            assigneeId: number | null;
                            /** @description false: the bot is silent and people answer (set by updateSettings or this API). */
                            botEnabled: boolean;
                            channelId: number;
                            /** @description sys:context. */
                            context: string | null;
                            dateCreated: string;
                            /** @description When it last had a message (in, out or a note); null before its first. The inbox's order. */
                            dateLastActivity: string | null;
                            dateUpdated: string;
                            /** @description Names of the open dialogs, outermost first. */
                            dialogs: string[];
                            humanId: number;
                            id: number;
                            /** @description Why the conversation takes no runs (its stored state was written by a newer release, or cannot be read); null: it runs. Its messages are still stored. */
                            parked: string | null;
                            /** @description normal or high. */
                            priority: string;
                            /**
                             * @description open (to answer), pending (waiting on the human or on someone else), resolved (done). A message from the human makes it open again.
                             * @enum {string}
                             */
                            status: "open" | "pending" | "resolved";
                            /** @description answer (a waitFor), form, pause; null when the bot is idle. */
                            waitingFor: string | null;
                            /** @description The bot handed the conversation to people (updateSettings bot.enabled false) or the human asked for a person, and no member has answered, taken it over or resolved it since. */
                            wantsPerson: boolean;
                            wantsPersonSince: string | null;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The request conflicts with the current state of the resource. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/conversations/{conversation_id}/attributes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The conversation's human-scope attributes */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The conversation's id. */
                    conversation_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations/{conversation_id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A conversation's messages, oldest first, a page at a time */
        get: {
            parameters: {
                query?: {
                    /** @description Add each outbound message as its channel's provider gets it (channelView). */
                    channel_view?: boolean;
                    cursor?: string;
                    limit?: number;
                };
                header?: never;
                path: {
                    /** @description The conversation's id. */
                    conversation_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            messages: {
                                /**
                                 * @description Who wrote it: the human (in), the bot, or an agent (a person).
                                 * @enum {string}
                                 */
                                author: "human" | "bot" | "agent";
                                /** @description The member who wrote a reply or a note, named as they were then (the visitor sees "<name> (agent)" on web chat); null for the human, the bot and a script's token. */
                                authorName: string | null;
                                batchId: number | null;
                                /** @description With channel_view=true, on outbound messages: what the provider gets (kind sms: text, segments, encoding; rcs: agent messages; messenger: Send API messages; dm: message_data; voice: speech and card); null on web chat and where none applies. */
                                channelView?: unknown;
                                /** @description The inbound message, or the rendered outbound message, e-mail or note. */
                                content: unknown;
                                dateCreated: string;
                                dateUpdated: string;
                                /** @description in (from the human), out (from the bot), note (for staff). */
                                direction: string;
                                failureReason: string | null;
                                id: number;
                                /** @description message, email or note. */
                                kind: string;
                                /** @description in: received; out: queued, sent, delivered, read or failed. */
                                status: string;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Reply as an agent: the message goes out through the channel after what the bot queued, and is kept with author "agent"
         * @description Refused with 409 when the channel cannot take it now (the human sent STOP; the messenger 24-hour window passed and the channel has no message tag; the WhatsApp 24-hour customer-service window closed and no template was given; a voice channel; the channel was deleted) and 422 when the message breaks a limit (text over the channel's length, too many buttons, neither text nor media).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The conversation's id. */
                    conversation_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        buttons?: {
                            /** @description postback: the payload (default: the title); weburl: the URL; call: the phone number. */
                            payload?: string;
                            title: string;
                            /** @enum {string} */
                            type: "postback" | "weburl" | "call";
                        }[];
                        /**
                         * Format: uri
                         * @description URL of an image, video, audio or file.
                         */
                        media?: string;
                        /** @enum {string} */
                        mediaType?: "image" | "video" | "audio" | "file";
                        quickReplies?: {
                            payload?: string;
                            title: string;
                        }[];
                        /** @description Pause the bot first (as PATCH botEnabled false), so it does not answer beside the agent. */
                        takeOver?: boolean;
                        /** @description An approved WhatsApp message template: the one kind of message that may go outside the 24-hour customer-service window. */
                        template?: {
                            /** @description Components as the Cloud API takes them (header, body, button parameters), for what `variables` cannot say; tags in their strings are rendered. */
                            components?: ({
                                type: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description Its language code, e.g. en_US. */
                            language: string;
                            /** @description The template's name, as approved by WhatsApp. */
                            name: string;
                            /** @description The body's {{1}}, {{2}} … in order; tags such as {sys:firstName} are rendered for each human. */
                            variables?: string[];
                        };
                        /** @description At most what the channel takes in one message (SMS 1600, messenger 2000, most 3072, WhatsApp and Telegram 4096). */
                        text?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * @description Who wrote it: the human (in), the bot, or an agent (a person).
                             * @enum {string}
                             */
                            author: "human" | "bot" | "agent";
                            /** @description The member who wrote a reply or a note, named as they were then (the visitor sees "<name> (agent)" on web chat); null for the human, the bot and a script's token. */
                            authorName: string | null;
                            batchId: number | null;
                            /** @description With channel_view=true, on outbound messages: what the provider gets (kind sms: text, segments, encoding; rcs: agent messages; messenger: Send API messages; dm: message_data; voice: speech and card); null on web chat and where none applies. */
                            channelView?: unknown;
                            /** @description The inbound message, or the rendered outbound message, e-mail or note. */
                            content: unknown;
                            dateCreated: string;
                            dateUpdated: string;
                            /** @description in (from the human), out (from the bot), note (for staff). */
                            direction: string;
                            failureReason: string | null;
                            id: number;
                            /** @description message, email or note. */
                            kind: string;
                            /** @description in: received; out: queued, sent, delivered, read or failed. */
                            status: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The request conflicts with the current state of the resource. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations/{conversation_id}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add an internal note: kept in the history for the account's people, never sent to the human */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The conversation's id. */
                    conversation_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        text: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * @description Who wrote it: the human (in), the bot, or an agent (a person).
                             * @enum {string}
                             */
                            author: "human" | "bot" | "agent";
                            /** @description The member who wrote a reply or a note, named as they were then (the visitor sees "<name> (agent)" on web chat); null for the human, the bot and a script's token. */
                            authorName: string | null;
                            batchId: number | null;
                            /** @description With channel_view=true, on outbound messages: what the provider gets (kind sms: text, segments, encoding; rcs: agent messages; messenger: Send API messages; dm: message_data; voice: speech and card); null on web chat and where none applies. */
                            channelView?: unknown;
                            /** @description The inbound message, or the rendered outbound message, e-mail or note. */
                            content: unknown;
                            dateCreated: string;
                            dateUpdated: string;
                            /** @description in (from the human), out (from the bot), note (for staff). */
                            direction: string;
                            failureReason: string | null;
                            id: number;
                            /** @description message, email or note. */
                            kind: string;
                            /** @description in: received; out: queued, sent, delivered, read or failed. */
                            status: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conversations/{conversation_id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Mark a conversation read by the member, up to a message (default: its newest); a mark never goes back */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The conversation's id. */
                    conversation_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        messageId?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            lastReadMessageId: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/humans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List humans, oldest first, a page at a time */
        get: {
            parameters: {
                query?: {
                    /** @description nextCursor of the previous page. */
                    cursor?: string;
                    email?: string;
                    limit?: number;
                    /** @description Part of the first or last name (or "first last"), any case. */
                    name?: string;
                    phone?: string;
                    /** @description A tag name (no commas: tag lists are comma-separated elsewhere). */
                    tag?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            humans: {
                                dateCreated: string;
                                email: string | null;
                                firstName: string | null;
                                id: number;
                                lastName: string | null;
                                /** @description E.164. */
                                phone: string | null;
                                tags: string[];
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        /** Create a human */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email?: string | null;
                        firstName?: string | null;
                        lastName?: string | null;
                        /** @description International format; stored as E.164. */
                        phone?: string | null;
                        tags?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            dateCreated: string;
                            email: string | null;
                            firstName: string | null;
                            id: number;
                            lastName: string | null;
                            /** @description E.164. */
                            phone: string | null;
                            tags: string[];
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/humans/{human_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a human */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The human's id. */
                    human_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            dateCreated: string;
                            email: string | null;
                            firstName: string | null;
                            id: number;
                            lastName: string | null;
                            /** @description E.164. */
                            phone: string | null;
                            tags: string[];
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        /** Update a human (fields given replace; tags replace the list) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The human's id. */
                    human_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email?: string | null;
                        firstName?: string | null;
                        lastName?: string | null;
                        /** @description International format; stored as E.164. */
                        phone?: string | null;
                        tags?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            dateCreated: string;
                            email: string | null;
                            firstName: string | null;
                            id: number;
                            lastName: string | null;
                            /** @description E.164. */
                            phone: string | null;
                            tags: string[];
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a human with their conversations and subscriptions */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The human's id. */
                    human_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/humans/{human_id}/attributes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The human's own (human-scope) attributes, across their conversations */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The human's id. */
                    human_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The human-scope attributes of the human's conversations, by name; where they differ, the value set last. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set human-scope attributes (null removes one) on every conversation of the human */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The human's id. */
                    human_id: number;
                };
                cookie?: never;
            };
            /** @description Attribute name (`plan`, `human:plan`, `plan:index`) to its new text value, or null to remove it. */
            requestBody: {
                content: {
                    "application/json": {
                        [key: string]: string | null;
                    };
                };
            };
            responses: {
                /** @description The human-scope attributes of the human's conversations, by name; where they differ, the value set last. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The request conflicts with the current state of the resource. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/humans/{human_id}/consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A human's consent: every opt-in and opt-out per channel family, oldest first, and the newest per family */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The human's id. */
                    human_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            current: {
                                channelId: number | null;
                                date: string;
                                /** @description The channel family: sms, rcs, whatsapp, messenger, telegram, microblog, voice, web. */
                                family: string;
                                /** @description What shows it: the words the human sent, for a keyword; the person's e-mail, for an agent; the row's proof, for an import. */
                                proof: string | null;
                                /** @description Where it came from: api (a token), agent (a person in the console), import (a bulk import's row), keyword (a word the human sent: STOP, START …), provider (an event of the provider: RCS UNSUBSCRIBE, a Telegram block), bot (a subscribe step), history (a subscription stored before the ledger existed). */
                                source: string;
                                /** @description in: opted in (subscribed); out: opted out. */
                                state: "in" | "out";
                            }[];
                            events: {
                                channelId: number | null;
                                date: string;
                                /** @description The channel family: sms, rcs, whatsapp, messenger, telegram, microblog, voice, web. */
                                family: string;
                                /** @description What shows it: the words the human sent, for a keyword; the person's e-mail, for an agent; the row's proof, for an import. */
                                proof: string | null;
                                /** @description Where it came from: api (a token), agent (a person in the console), import (a bulk import's row), keyword (a word the human sent: STOP, START …), provider (an event of the provider: RCS UNSUBSCRIBE, a Telegram block), bot (a subscribe step), history (a subscription stored before the ledger existed). */
                                source: string;
                                /** @description in: opted in (subscribed); out: opted out. */
                                state: "in" | "out";
                            }[];
                            humanId: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/humans/{human_id}/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Erase a human with everything linked: conversations, history, inbox, attributes, identities, subscriptions, tags and webhook deliveries naming them */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The human's id. */
                    human_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Rows deleted, by kind. */
                            erased: {
                                attributes: number;
                                conversations: number;
                                events: number;
                                identities: number;
                                /** @description Files the human sent over WhatsApp or Telegram that were kept. */
                                media: number;
                                messages: number;
                                subscriptions: number;
                                tags: number;
                                webhookDeliveries: number;
                            };
                            humanId: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/humans/{human_id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export everything held about a human: fields, tags, identities, subscriptions, attributes, conversations with their messages */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The human's id. */
                    human_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attributes: {
                                human: {
                                    conversationId: number;
                                    dateUpdated: string;
                                    name: string;
                                    value: string;
                                }[];
                                shared: {
                                    dateUpdated: string;
                                    name: string;
                                    value: string;
                                }[];
                            };
                            conversations: {
                                address: string;
                                botEnabled: boolean;
                                botId: number;
                                channelId: number;
                                dateCreated: string;
                                dateUpdated: string;
                                id: number;
                                messages: {
                                    /** @description As received, or as rendered for the channel. */
                                    content: unknown;
                                    dateCreated: string;
                                    dateUpdated: string;
                                    direction: string;
                                    failureReason: string | null;
                                    id: number;
                                    kind: string;
                                    status: string;
                                }[];
                                priority: string;
                            }[];
                            exportedAt: string;
                            human: {
                                dateCreated: string;
                                dateUpdated: string;
                                email: string | null;
                                firstName: string | null;
                                id: number;
                                lastName: string | null;
                                linkedHumanIds: number[];
                                phone: string | null;
                                rcsEnabled: boolean | null;
                                rcsFeatures: unknown;
                                tags: string[];
                            };
                            identities: {
                                /** @description How the channel knows the human: phone, page-scoped id, visitor id. */
                                address: string;
                                channelId: number;
                                dateCreated: string;
                            }[];
                            subscriptions: {
                                channelId: number;
                                dateUpdated: string;
                                subscribed: boolean;
                            }[];
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/humans/{human_id}/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Humans linked to this one */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The human's id. */
                    human_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            humanId: number;
                            /** @description Humans sharing the `shared` attribute scope with this one. */
                            linkedHumanIds: number[];
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        /** Link another human to this one (they share the `shared` attribute scope) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The human's id. */
                    human_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        humanId: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            humanId: number;
                            /** @description Humans sharing the `shared` attribute scope with this one. */
                            linkedHumanIds: number[];
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        /** Take this human out of their group of linked humans */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The human's id. */
                    human_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            humanId: number;
                            /** @description Humans sharing the `shared` attribute scope with this one. */
                            linkedHumanIds: number[];
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/humans/{human_id}/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The channels the human is subscribed to, or was (subscribed false: unsubscribed, e.g. by STOP) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The human's id. */
                    human_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            channelId: number;
                            dateUpdated: string;
                            subscribed: boolean;
                        }[];
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/humans/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List imports, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description nextCursor of the previous page. */
                    cursor?: string;
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            imports: {
                                /** @description Humans created. */
                                created: number;
                                dateCompleted: string | null;
                                dateCreated: string;
                                /** @description Problems recorded (GET …/errors): a failed row's, and a field not set on a row otherwise imported. */
                                errors: number;
                                /** @description Rows not imported: each has at least one error. */
                                failed: number;
                                fileName: string | null;
                                format: "csv" | "jsonl";
                                id: number;
                                problem: string | null;
                                /** @description Rows dealt with: written or failed. */
                                processed: number;
                                /** @description Rows in the file (received so far, while receiving). */
                                rows: number;
                                /** @description receiving: the file is arriving; importing: rows are being written; done; cancelled; failed: the upload broke off (see problem). */
                                status: "receiving" | "importing" | "done" | "cancelled" | "failed";
                                /** @description Rows that found a human already there (same phone, e-mail or channel identity) and updated them. */
                                updated: number;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Import humans from a CSV or JSON lines file (streamed; written by a durable job)
         * @description The body is the file: `text/csv` with a header row, or `application/x-ndjson` (one JSON object a line), up to 1,000,000 rows. Each row finds its human by phone, then e-mail, then a channel identity, or creates one. The columns are in docs/humans-import.md.
         */
        post: {
            parameters: {
                query?: {
                    /** @description The file's name, shown with the import. */
                    fileName?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/x-ndjson": string;
                    "text/csv": string;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Humans created. */
                            created: number;
                            dateCompleted: string | null;
                            dateCreated: string;
                            /** @description Problems recorded (GET …/errors): a failed row's, and a field not set on a row otherwise imported. */
                            errors: number;
                            /** @description Rows not imported: each has at least one error. */
                            failed: number;
                            fileName: string | null;
                            format: "csv" | "jsonl";
                            id: number;
                            problem: string | null;
                            /** @description Rows dealt with: written or failed. */
                            processed: number;
                            /** @description Rows in the file (received so far, while receiving). */
                            rows: number;
                            /** @description receiving: the file is arriving; importing: rows are being written; done; cancelled; failed: the upload broke off (see problem). */
                            status: "receiving" | "importing" | "done" | "cancelled" | "failed";
                            /** @description Rows that found a human already there (same phone, e-mail or channel identity) and updated them. */
                            updated: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body's Content-Type is not one the operation reads. */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/humans/imports/{import_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An import's progress and counts */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The import's id. */
                    import_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Humans created. */
                            created: number;
                            dateCompleted: string | null;
                            dateCreated: string;
                            /** @description Problems recorded (GET …/errors): a failed row's, and a field not set on a row otherwise imported. */
                            errors: number;
                            /** @description Rows not imported: each has at least one error. */
                            failed: number;
                            fileName: string | null;
                            format: "csv" | "jsonl";
                            id: number;
                            problem: string | null;
                            /** @description Rows dealt with: written or failed. */
                            processed: number;
                            /** @description Rows in the file (received so far, while receiving). */
                            rows: number;
                            /** @description receiving: the file is arriving; importing: rows are being written; done; cancelled; failed: the upload broke off (see problem). */
                            status: "receiving" | "importing" | "done" | "cancelled" | "failed";
                            /** @description Rows that found a human already there (same phone, e-mail or channel identity) and updated them. */
                            updated: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/humans/imports/{import_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel an import: rows not yet written are dropped, those written stay */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The import's id. */
                    import_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Humans created. */
                            created: number;
                            dateCompleted: string | null;
                            dateCreated: string;
                            /** @description Problems recorded (GET …/errors): a failed row's, and a field not set on a row otherwise imported. */
                            errors: number;
                            /** @description Rows not imported: each has at least one error. */
                            failed: number;
                            fileName: string | null;
                            format: "csv" | "jsonl";
                            id: number;
                            problem: string | null;
                            /** @description Rows dealt with: written or failed. */
                            processed: number;
                            /** @description Rows in the file (received so far, while receiving). */
                            rows: number;
                            /** @description receiving: the file is arriving; importing: rows are being written; done; cancelled; failed: the upload broke off (see problem). */
                            status: "receiving" | "importing" | "done" | "cancelled" | "failed";
                            /** @description Rows that found a human already there (same phone, e-mail or channel identity) and updated them. */
                            updated: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/humans/imports/{import_id}/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An import's problems in row order: row number (a CSV's header is row 1), column, reason */
        get: {
            parameters: {
                query?: {
                    /** @description nextCursor of the previous page. */
                    cursor?: string;
                    limit?: number;
                };
                header?: never;
                path: {
                    /** @description The import's id. */
                    import_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            errors: {
                                /** @description The column; null for the row as a whole. */
                                field: string | null;
                                reason: string;
                                row: number;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The inbox: conversations with the latest activity first, with their human, channel, last message and unread count */
        get: {
            parameters: {
                query?: {
                    /** @description "me", "none" (unassigned) or a member's id. */
                    assignee?: string;
                    channel_id?: number;
                    /** @description nextCursor of the previous page. */
                    cursor?: string;
                    limit?: number;
                    /** @description Part of the human's name, e-mail or phone, or of a message's or note's text, in any case. */
                    q?: string;
                    /** @description open (to answer), pending (waiting on the human or on someone else), resolved (done). A message from the human makes it open again. */
                    status?: "open" | "pending" | "resolved";
                    /** @description true: only the conversations waiting for a person. */
                    wants_person?: boolean;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            conversations: {
                                channel: {
                                    channelType: string;
                                    id: number;
                                    name: string;
                                };
                                conversation: {
                                    /** @description The member the conversation is assigned to; null: nobody. */
                                    assigneeId: number | null;
                                    /** @description false: the bot is silent and people answer (set by updateSettings or this API). */
                                    botEnabled: boolean;
                                    channelId: number;
                                    /** @description sys:context. */
                                    context: string | null;
                                    dateCreated: string;
                                    /** @description When it last had a message (in, out or a note); null before its first. The inbox's order. */
                                    dateLastActivity: string | null;
                                    dateUpdated: string;
                                    /** @description Names of the open dialogs, outermost first. */
                                    dialogs: string[];
                                    humanId: number;
                                    id: number;
                                    /** @description Why the conversation takes no runs (its stored state was written by a newer release, or cannot be read); null: it runs. Its messages are still stored. */
                                    parked: string | null;
                                    /** @description normal or high. */
                                    priority: string;
                                    /**
                                     * @description open (to answer), pending (waiting on the human or on someone else), resolved (done). A message from the human makes it open again.
                                     * @enum {string}
                                     */
                                    status: "open" | "pending" | "resolved";
                                    /** @description answer (a waitFor), form, pause; null when the bot is idle. */
                                    waitingFor: string | null;
                                    /** @description The bot handed the conversation to people (updateSettings bot.enabled false) or the human asked for a person, and no member has answered, taken it over or resolved it since. */
                                    wantsPerson: boolean;
                                    wantsPersonSince: string | null;
                                };
                                human: {
                                    email: string | null;
                                    id: number;
                                    /** @description First and last name, else the phone, the e-mail, or "Human <id>". */
                                    name: string;
                                    phone: string | null;
                                };
                                lastMessage: {
                                    /** @enum {string} */
                                    author: "human" | "bot" | "agent";
                                    authorName: string | null;
                                    dateCreated: string;
                                    /** @enum {string} */
                                    direction: "in" | "out" | "note";
                                    id: number;
                                    /** @description The message in one line of at most 140 characters: its text, else what it carries ([image], [form], [e-mail] …). */
                                    preview: string;
                                } | null;
                                /** @description Messages from the human after the member's read mark, at most 100 (100 means "99 or more"); 0 for a credential that is no member. */
                                unread: number;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inbox/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The inbox's counts: by status, mine, unassigned, waiting for a person */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Not resolved, and assigned to the member asking. */
                            mine: number;
                            open: number;
                            pending: number;
                            resolved: number;
                            /** @description Not resolved, and assigned to nobody. */
                            unassigned: number;
                            /** @description Not resolved, and waiting for a person. */
                            wantsPerson: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invitations/{invite_token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an invitation is for (no credential: the token in the link is the credential) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    invite_token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            email: string;
                            expiresAt: string;
                            /**
                             * @description owner, admin, developer, agent or viewer (docs/security.md).
                             * @enum {string}
                             */
                            role: "owner" | "admin" | "developer" | "agent" | "viewer";
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invitations/{invite_token}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation with a password; answers the member and a first API token of their role, or signs them in to the console */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    invite_token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The name shown to visitors beside the member's replies ("Ana (agent)") and in the audit log; empty: none (the e-mail stands for it). */
                        name?: string | null;
                        password: string;
                        /** @description true: no token; the console's session and CSRF cookies are set instead (the invitation page lands the member in the console). */
                        signIn?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            member: {
                                dateCreated: string;
                                email: string;
                                id: number;
                                /** @description The member who invited; null for the account's first owner and invitations from its own credential. */
                                invitedBy: number | null;
                                /** @description While invited: when the invitation lapses. */
                                inviteExpiresAt: string | null;
                                /** @description The name shown for the member; null: none given, the e-mail stands for it. */
                                name: string | null;
                                /**
                                 * @description owner, admin, developer, agent or viewer (docs/security.md).
                                 * @enum {string}
                                 */
                                role: "owner" | "admin" | "developer" | "agent" | "viewer";
                                /** @enum {string} */
                                status: "invited" | "active" | "disabled";
                            };
                            /** @description Null when signIn was asked for. */
                            token: {
                                dateCreated: string;
                                /** @description `yyyy-mm-ddThh:mm:ss` UTC; null: never expires. */
                                expiresAt: string | null;
                                id: string;
                                /** @description The member who made it; null for the account's own credential. */
                                memberId: number | null;
                                name: string;
                                /** @description What the token may do; a write scope also reads (docs/security.md). */
                                scopes: ("bots:read" | "bots:write" | "channels:read" | "channels:write" | "webhooks:read" | "webhooks:write" | "tokens:read" | "tokens:write" | "humans:read" | "humans:write" | "conversations:read" | "conversations:write" | "broadcasts:read" | "broadcasts:write" | "lookups:read" | "members:read" | "members:write" | "audit:read")[];
                                /** @description The bearer token. Shown only in this response; store it now. */
                                token: string;
                            } | null;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/journeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List journeys, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description nextCursor of the previous page. */
                    cursor?: string;
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            journeys: {
                                channelId: number;
                                dateCreated: string;
                                dateUpdated: string;
                                goal: string | null;
                                id: number;
                                name: string;
                                schedule: {
                                    days: number[] | null;
                                    quietHours: {
                                        [key: string]: {
                                            from: string;
                                            to: string;
                                        };
                                    };
                                    timeZone: string;
                                    window: {
                                        from: string;
                                        to: string;
                                    } | null;
                                };
                                script: string;
                                /** @description Each change is a new version; a run follows the version it started with. */
                                version: number;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        /** Define a journey (version 1) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        channelId: number;
                        /** @description The interaction whose entry counts as a conversion. */
                        goal?: string | null;
                        name: string;
                        schedule?: {
                            /** @description ISO weekdays (1 Monday … 7 Sunday); null: every day. */
                            days?: number[] | null;
                            /** @description Per country (ISO 3166-1 alpha-2): local hours no start happens in. */
                            quietHours?: {
                                [key: string]: {
                                    /** @description Local time, HH:MM. */
                                    from: string;
                                    /** @description Local time, HH:MM; before `from`, the hours span midnight. */
                                    to: string;
                                };
                            };
                            /** @description IANA zone for humans whose phone number names none (default UTC). */
                            timeZone?: string;
                            /** @description Local hours a start may happen in; null: any hour. */
                            window?: {
                                /** @description Local time, HH:MM. */
                                from: string;
                                /** @description Local time, HH:MM; before `from`, the hours span midnight. */
                                to: string;
                            } | null;
                        };
                        /** @description The interaction, workflow or action of the channel's bot each start runs. */
                        script: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            channelId: number;
                            dateCreated: string;
                            dateUpdated: string;
                            goal: string | null;
                            id: number;
                            name: string;
                            schedule: {
                                days: number[] | null;
                                quietHours: {
                                    [key: string]: {
                                        from: string;
                                        to: string;
                                    };
                                };
                                timeZone: string;
                                window: {
                                    from: string;
                                    to: string;
                                } | null;
                            };
                            script: string;
                            /** @description Each change is a new version; a run follows the version it started with. */
                            version: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The request conflicts with the current state of the resource. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/journeys/{journey_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A journey (its current version) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The journey's id. */
                    journey_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            channelId: number;
                            dateCreated: string;
                            dateUpdated: string;
                            goal: string | null;
                            id: number;
                            name: string;
                            schedule: {
                                days: number[] | null;
                                quietHours: {
                                    [key: string]: {
                                        from: string;
                                        to: string;
                                    };
                                };
                                timeZone: string;
                                window: {
                                    from: string;
                                    to: string;
                                } | null;
                            };
                            script: string;
                            /** @description Each change is a new version; a run follows the version it started with. */
                            version: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        /** Change a journey: a new version; runs already going keep theirs */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The journey's id. */
                    journey_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        channelId: number;
                        /** @description The interaction whose entry counts as a conversion. */
                        goal?: string | null;
                        name: string;
                        schedule?: {
                            /** @description ISO weekdays (1 Monday … 7 Sunday); null: every day. */
                            days?: number[] | null;
                            /** @description Per country (ISO 3166-1 alpha-2): local hours no start happens in. */
                            quietHours?: {
                                [key: string]: {
                                    /** @description Local time, HH:MM. */
                                    from: string;
                                    /** @description Local time, HH:MM; before `from`, the hours span midnight. */
                                    to: string;
                                };
                            };
                            /** @description IANA zone for humans whose phone number names none (default UTC). */
                            timeZone?: string;
                            /** @description Local hours a start may happen in; null: any hour. */
                            window?: {
                                /** @description Local time, HH:MM. */
                                from: string;
                                /** @description Local time, HH:MM; before `from`, the hours span midnight. */
                                to: string;
                            } | null;
                        };
                        /** @description The interaction, workflow or action of the channel's bot each start runs. */
                        script: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            channelId: number;
                            dateCreated: string;
                            dateUpdated: string;
                            goal: string | null;
                            id: number;
                            name: string;
                            schedule: {
                                days: number[] | null;
                                quietHours: {
                                    [key: string]: {
                                        from: string;
                                        to: string;
                                    };
                                };
                                timeZone: string;
                                window: {
                                    from: string;
                                    to: string;
                                } | null;
                            };
                            script: string;
                            /** @description Each change is a new version; a run follows the version it started with. */
                            version: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The request conflicts with the current state of the resource. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/journeys/{journey_id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A journey's runs, newest first, with their reports */
        get: {
            parameters: {
                query?: {
                    /** @description nextCursor of the previous page. */
                    cursor?: string;
                    limit?: number;
                };
                header?: never;
                path: {
                    /** @description The journey's id. */
                    journey_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            nextCursor: string | null;
                            runs: {
                                /** @description Humans the key had entered before (an earlier run): left alone. */
                                alreadyEntered: number;
                                cancelled: number;
                                /** @description Started humans whose conversation entered the goal interaction. */
                                converted: number;
                                dateCompleted: string | null;
                                dateCreated: string;
                                expiresAt: string | null;
                                id: number;
                                journeyId: number;
                                key: string;
                                messages: {
                                    delivered: number;
                                    failed: number;
                                    queued: number;
                                    read: number;
                                    sent: number;
                                };
                                nextDue: string | null;
                                /** @description Started humans who opted out of the channel's family since. */
                                optedOut: number;
                                /** @description Humans started whose interaction has not run yet: their messages do not exist yet. */
                                pending: number;
                                /** @description Started humans who wrote back on the channel. */
                                replied: number;
                                skipped: {
                                    /** @description Still waiting when the run expired. */
                                    expired: number;
                                    /** @description Not subscribed to the channel, or opted out of its family (the consent ledger). */
                                    noConsent: number;
                                    /** @description No sending time in their time zone before the run expires. */
                                    quietHours: number;
                                    /** @description No address on the channel. */
                                    unreachable: number;
                                };
                                /** @description Conversations started. */
                                started: number;
                                startsAt: string | null;
                                /** @description entering: the audience is being read; running: entries wait for their sending time; sending: everyone started, messages still to leave (pending, messages.queued); done; cancelled. */
                                status: "entering" | "running" | "sending" | "done" | "cancelled";
                                /** @description Humans of the audience read so far. */
                                targeted: number;
                                trigger: "human" | "segment";
                                version: number;
                                /** @description Humans waiting for their sending time. */
                                waiting: number;
                            }[];
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Run a journey for one human (idempotent per human and key) or a segment
         * @description With `humanId`, a human enters once per `key` (default ""): the same trigger again answers the run that entered them (200) and sends nothing. With `audience`, every human it names is entered, each at their sending time; humans the key entered before are left alone.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The journey's id. */
                    journey_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        audience?: {
                            /**
                             * Format: date-time
                             * @description Narrows to humans with a message (in or out) since then.
                             */
                            activeSince?: string;
                            /** @description Narrows to humans holding each of these human-scope attribute values (exactly). */
                            attributes?: {
                                [key: string]: string;
                            };
                            /** @description Everyone subscribed to the journey's channel. */
                            everyone?: boolean;
                            ids?: number[];
                            /**
                             * Format: date-time
                             * @description Narrows to humans with no message since then.
                             */
                            inactiveSince?: string;
                            /** @description Comma-separated: humans with any of them. */
                            tags?: string;
                        };
                        /**
                         * Format: date-time
                         * @description Humans whose sending time falls later are skipped (quietHours); still waiting then, expired.
                         */
                        expiresAt?: string;
                        humanId?: number;
                        /** @description The trigger's key, such as the CRM event's id. */
                        key?: string;
                        /**
                         * Format: date-time
                         * @description No one starts before it: each human at the first minute of their window from then.
                         */
                        startAt?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Humans the key had entered before (an earlier run): left alone. */
                            alreadyEntered: number;
                            cancelled: number;
                            /** @description Started humans whose conversation entered the goal interaction. */
                            converted: number;
                            dateCompleted: string | null;
                            dateCreated: string;
                            expiresAt: string | null;
                            id: number;
                            journeyId: number;
                            key: string;
                            messages: {
                                delivered: number;
                                failed: number;
                                queued: number;
                                read: number;
                                sent: number;
                            };
                            nextDue: string | null;
                            /** @description Started humans who opted out of the channel's family since. */
                            optedOut: number;
                            /** @description Humans started whose interaction has not run yet: their messages do not exist yet. */
                            pending: number;
                            /** @description Started humans who wrote back on the channel. */
                            replied: number;
                            skipped: {
                                /** @description Still waiting when the run expired. */
                                expired: number;
                                /** @description Not subscribed to the channel, or opted out of its family (the consent ledger). */
                                noConsent: number;
                                /** @description No sending time in their time zone before the run expires. */
                                quietHours: number;
                                /** @description No address on the channel. */
                                unreachable: number;
                            };
                            /** @description Conversations started. */
                            started: number;
                            startsAt: string | null;
                            /** @description entering: the audience is being read; running: entries wait for their sending time; sending: everyone started, messages still to leave (pending, messages.queued); done; cancelled. */
                            status: "entering" | "running" | "sending" | "done" | "cancelled";
                            /** @description Humans of the audience read so far. */
                            targeted: number;
                            trigger: "human" | "segment";
                            version: number;
                            /** @description Humans waiting for their sending time. */
                            waiting: number;
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Humans the key had entered before (an earlier run): left alone. */
                            alreadyEntered: number;
                            cancelled: number;
                            /** @description Started humans whose conversation entered the goal interaction. */
                            converted: number;
                            dateCompleted: string | null;
                            dateCreated: string;
                            expiresAt: string | null;
                            id: number;
                            journeyId: number;
                            key: string;
                            messages: {
                                delivered: number;
                                failed: number;
                                queued: number;
                                read: number;
                                sent: number;
                            };
                            nextDue: string | null;
                            /** @description Started humans who opted out of the channel's family since. */
                            optedOut: number;
                            /** @description Humans started whose interaction has not run yet: their messages do not exist yet. */
                            pending: number;
                            /** @description Started humans who wrote back on the channel. */
                            replied: number;
                            skipped: {
                                /** @description Still waiting when the run expired. */
                                expired: number;
                                /** @description Not subscribed to the channel, or opted out of its family (the consent ledger). */
                                noConsent: number;
                                /** @description No sending time in their time zone before the run expires. */
                                quietHours: number;
                                /** @description No address on the channel. */
                                unreachable: number;
                            };
                            /** @description Conversations started. */
                            started: number;
                            startsAt: string | null;
                            /** @description entering: the audience is being read; running: entries wait for their sending time; sending: everyone started, messages still to leave (pending, messages.queued); done; cancelled. */
                            status: "entering" | "running" | "sending" | "done" | "cancelled";
                            /** @description Humans of the audience read so far. */
                            targeted: number;
                            trigger: "human" | "segment";
                            version: number;
                            /** @description Humans waiting for their sending time. */
                            waiting: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The request conflicts with the current state of the resource. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/journeys/{journey_id}/runs/{run_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A run's live progress and report */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The journey's id. */
                    journey_id: number;
                    /** @description The run's id. */
                    run_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Humans the key had entered before (an earlier run): left alone. */
                            alreadyEntered: number;
                            cancelled: number;
                            /** @description Started humans whose conversation entered the goal interaction. */
                            converted: number;
                            dateCompleted: string | null;
                            dateCreated: string;
                            expiresAt: string | null;
                            id: number;
                            journeyId: number;
                            key: string;
                            messages: {
                                delivered: number;
                                failed: number;
                                queued: number;
                                read: number;
                                sent: number;
                            };
                            nextDue: string | null;
                            /** @description Started humans who opted out of the channel's family since. */
                            optedOut: number;
                            /** @description Humans started whose interaction has not run yet: their messages do not exist yet. */
                            pending: number;
                            /** @description Started humans who wrote back on the channel. */
                            replied: number;
                            skipped: {
                                /** @description Still waiting when the run expired. */
                                expired: number;
                                /** @description Not subscribed to the channel, or opted out of its family (the consent ledger). */
                                noConsent: number;
                                /** @description No sending time in their time zone before the run expires. */
                                quietHours: number;
                                /** @description No address on the channel. */
                                unreachable: number;
                            };
                            /** @description Conversations started. */
                            started: number;
                            startsAt: string | null;
                            /** @description entering: the audience is being read; running: entries wait for their sending time; sending: everyone started, messages still to leave (pending, messages.queued); done; cancelled. */
                            status: "entering" | "running" | "sending" | "done" | "cancelled";
                            /** @description Humans of the audience read so far. */
                            targeted: number;
                            trigger: "human" | "segment";
                            version: number;
                            /** @description Humans waiting for their sending time. */
                            waiting: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/journeys/{journey_id}/runs/{run_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a run: what has not left stays unsent */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The journey's id. */
                    journey_id: number;
                    /** @description The run's id. */
                    run_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Humans the key had entered before (an earlier run): left alone. */
                            alreadyEntered: number;
                            cancelled: number;
                            /** @description Started humans whose conversation entered the goal interaction. */
                            converted: number;
                            dateCompleted: string | null;
                            dateCreated: string;
                            expiresAt: string | null;
                            id: number;
                            journeyId: number;
                            key: string;
                            messages: {
                                delivered: number;
                                failed: number;
                                queued: number;
                                read: number;
                                sent: number;
                            };
                            nextDue: string | null;
                            /** @description Started humans who opted out of the channel's family since. */
                            optedOut: number;
                            /** @description Humans started whose interaction has not run yet: their messages do not exist yet. */
                            pending: number;
                            /** @description Started humans who wrote back on the channel. */
                            replied: number;
                            skipped: {
                                /** @description Still waiting when the run expired. */
                                expired: number;
                                /** @description Not subscribed to the channel, or opted out of its family (the consent ledger). */
                                noConsent: number;
                                /** @description No sending time in their time zone before the run expires. */
                                quietHours: number;
                                /** @description No address on the channel. */
                                unreachable: number;
                            };
                            /** @description Conversations started. */
                            started: number;
                            startsAt: string | null;
                            /** @description entering: the audience is being read; running: entries wait for their sending time; sending: everyone started, messages still to leave (pending, messages.queued); done; cancelled. */
                            status: "entering" | "running" | "sending" | "done" | "cancelled";
                            /** @description Humans of the audience read so far. */
                            targeted: number;
                            trigger: "human" | "segment";
                            version: number;
                            /** @description Humans waiting for their sending time. */
                            waiting: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/knowledge-bases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List knowledge bases */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            chunkCount: number;
                            dateCreated: string;
                            dateUpdated: string;
                            description: string;
                            /** @description Model endpoint whose embeddings model gives chunks vectors; null: lexical retrieval. */
                            embeddingEndpointId: number | null;
                            id: number;
                            /** @description ISO 639-1 code of the documents' language: it stems their words and drops stop words. */
                            language: string;
                            name: string;
                        }[];
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        /** Create a knowledge base */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string;
                        embeddingEndpointId?: number | null;
                        language?: string;
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            chunkCount: number;
                            dateCreated: string;
                            dateUpdated: string;
                            description: string;
                            /** @description Model endpoint whose embeddings model gives chunks vectors; null: lexical retrieval. */
                            embeddingEndpointId: number | null;
                            id: number;
                            /** @description ISO 639-1 code of the documents' language: it stems their words and drops stop words. */
                            language: string;
                            name: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The request conflicts with the current state of the resource. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/knowledge-bases/{knowledge_base_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a knowledge base */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The knowledge base's id. */
                    knowledge_base_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            chunkCount: number;
                            dateCreated: string;
                            dateUpdated: string;
                            description: string;
                            /** @description Model endpoint whose embeddings model gives chunks vectors; null: lexical retrieval. */
                            embeddingEndpointId: number | null;
                            id: number;
                            /** @description ISO 639-1 code of the documents' language: it stems their words and drops stop words. */
                            language: string;
                            name: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        /** Rename or describe a knowledge base; set its embeddings endpoint */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The knowledge base's id. */
                    knowledge_base_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string;
                        embeddingEndpointId?: number | null;
                        language?: string;
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            chunkCount: number;
                            dateCreated: string;
                            dateUpdated: string;
                            description: string;
                            /** @description Model endpoint whose embeddings model gives chunks vectors; null: lexical retrieval. */
                            embeddingEndpointId: number | null;
                            id: number;
                            /** @description ISO 639-1 code of the documents' language: it stems their words and drops stop words. */
                            language: string;
                            name: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The request conflicts with the current state of the resource. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a knowledge base with its documents */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The knowledge base's id. */
                    knowledge_base_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/knowledge-bases/{knowledge_base_id}/crawls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a knowledge base's crawls, newest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The knowledge base's id. */
                    knowledge_base_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            citable: boolean;
                            dateCreated: string;
                            dateUpdated: string;
                            documents: {
                                failed: number;
                                processing: number;
                                queued: number;
                                ready: number;
                            };
                            errors: {
                                reason: string;
                                url: string;
                            }[];
                            id: number;
                            knowledgeBaseId: number;
                            maxDepth: number;
                            maxPages: number;
                            mode: "sitemap" | "links";
                            pagesFound: number;
                            sameHost: boolean;
                            status: "queued" | "running" | "done" | "failed";
                            url: string;
                        }[];
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        /** Crawl a site from a sitemap or by its links, bounded by pages, depth and host; each page becomes a document */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The knowledge base's id. */
                    knowledge_base_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description May be cited (title and link) to end users; default true. A private document answers but is never linked. */
                        citable?: boolean;
                        maxDepth?: number;
                        maxPages?: number;
                        /** @description Default: sitemap for a URL ending in .xml, else links. */
                        mode?: "sitemap" | "links";
                        sameHost?: boolean;
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            citable: boolean;
                            dateCreated: string;
                            dateUpdated: string;
                            documents: {
                                failed: number;
                                processing: number;
                                queued: number;
                                ready: number;
                            };
                            errors: {
                                reason: string;
                                url: string;
                            }[];
                            id: number;
                            knowledgeBaseId: number;
                            maxDepth: number;
                            maxPages: number;
                            mode: "sitemap" | "links";
                            pagesFound: number;
                            sameHost: boolean;
                            status: "queued" | "running" | "done" | "failed";
                            url: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/knowledge-bases/{knowledge_base_id}/crawls/{crawl_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a crawl and its progress */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The crawl's id. */
                    crawl_id: number;
                    /** @description The knowledge base's id. */
                    knowledge_base_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            citable: boolean;
                            dateCreated: string;
                            dateUpdated: string;
                            documents: {
                                failed: number;
                                processing: number;
                                queued: number;
                                ready: number;
                            };
                            errors: {
                                reason: string;
                                url: string;
                            }[];
                            id: number;
                            knowledgeBaseId: number;
                            maxDepth: number;
                            maxPages: number;
                            mode: "sitemap" | "links";
                            pagesFound: number;
                            sameHost: boolean;
                            status: "queued" | "running" | "done" | "failed";
                            url: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/knowledge-bases/{knowledge_base_id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a knowledge base's documents with their indexing status */
        get: {
            parameters: {
                query?: {
                    status?: "queued" | "processing" | "ready" | "failed";
                };
                header?: never;
                path: {
                    /** @description The knowledge base's id. */
                    knowledge_base_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            characters: number;
                            chunkCount: number;
                            citable: boolean;
                            crawlId: number | null;
                            dateCreated: string;
                            dateUpdated: string;
                            /** @description Why the document could not be read (status failed). */
                            error: string | null;
                            id: number;
                            kind: string;
                            knowledgeBaseId: number;
                            sourceUrl: string | null;
                            status: "queued" | "processing" | "ready" | "failed";
                            title: string;
                        }[];
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        /** Add a document (text, Markdown, HTML, a PDF in base64, or a URL); indexed by a durable job */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The knowledge base's id. */
                    knowledge_base_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description May be cited (title and link) to end users; default true. A private document answers but is never linked. */
                        citable?: boolean;
                        content: string;
                        /** @description Where the document can be read; shown with citations. */
                        sourceUrl?: string | null;
                        title: string;
                        type: "text" | "markdown" | "html";
                    } | {
                        /** @description May be cited (title and link) to end users; default true. A private document answers but is never linked. */
                        citable?: boolean;
                        /** @description The PDF file, base64. */
                        contentBase64: string;
                        /** @description Where the document can be read; shown with citations. */
                        sourceUrl?: string | null;
                        title?: string;
                        /** @enum {string} */
                        type: "pdf";
                    } | {
                        /** @description May be cited (title and link) to end users; default true. A private document answers but is never linked. */
                        citable?: boolean;
                        title?: string;
                        /** @enum {string} */
                        type: "url";
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            characters: number;
                            chunkCount: number;
                            citable: boolean;
                            crawlId: number | null;
                            dateCreated: string;
                            dateUpdated: string;
                            /** @description Why the document could not be read (status failed). */
                            error: string | null;
                            id: number;
                            kind: string;
                            knowledgeBaseId: number;
                            sourceUrl: string | null;
                            status: "queued" | "processing" | "ready" | "failed";
                            title: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/knowledge-bases/{knowledge_base_id}/documents/{document_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a document */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The document's id. */
                    document_id: number;
                    /** @description The knowledge base's id. */
                    knowledge_base_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            characters: number;
                            chunkCount: number;
                            citable: boolean;
                            crawlId: number | null;
                            dateCreated: string;
                            dateUpdated: string;
                            /** @description Why the document could not be read (status failed). */
                            error: string | null;
                            id: number;
                            kind: string;
                            knowledgeBaseId: number;
                            sourceUrl: string | null;
                            status: "queued" | "processing" | "ready" | "failed";
                            title: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        /** Change a document (title, citable, content) and index it again; a URL document is fetched again */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The document's id. */
                    document_id: number;
                    /** @description The knowledge base's id. */
                    knowledge_base_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description May be cited (title and link) to end users; default true. A private document answers but is never linked. */
                        citable?: boolean;
                        content?: string;
                        contentBase64?: string;
                        /** @description Where the document can be read; shown with citations. */
                        sourceUrl?: string | null;
                        title?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            characters: number;
                            chunkCount: number;
                            citable: boolean;
                            crawlId: number | null;
                            dateCreated: string;
                            dateUpdated: string;
                            /** @description Why the document could not be read (status failed). */
                            error: string | null;
                            id: number;
                            kind: string;
                            knowledgeBaseId: number;
                            sourceUrl: string | null;
                            status: "queued" | "processing" | "ready" | "failed";
                            title: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a document with its chunks */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The document's id. */
                    document_id: number;
                    /** @description The knowledge base's id. */
                    knowledge_base_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/knowledge-bases/{knowledge_base_id}/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The passages that best match a query (BM25), with their scores */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The knowledge base's id. */
                    knowledge_base_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        limit?: number;
                        query: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            passages: {
                                chunkId: number;
                                citable: boolean;
                                documentId: number;
                                heading: string;
                                knowledgeBaseId: number;
                                score: number;
                                sourceUrl: string | null;
                                text: string;
                                title: string;
                            }[];
                            tookMs: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/manage/messaging/capability/{phone_number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Phone number capability: validity, line type, carrier
         * @description An invalid number is a 200 with valid false and the reason in validationErrors.
         */
        get: {
            parameters: {
                query?: {
                    /** @description ISO 3166-1 alpha-2 region a number without "+" is read in (national format), e.g. GB. */
                    countryCode?: string;
                };
                header?: never;
                path: {
                    /** @description The number; any string is accepted and judged by the lookup. */
                    phone_number: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Country calling code (E.164) without "+", e.g. "44"; "" when the input is not a number. */
                            callingCountryCode: string;
                            /** @description Carrier the number's range was assigned to; null for the line types the spec lists and when no data says. */
                            carrierName: string | null;
                            /** @description ISO 3166-1 alpha-2 region of the number; "001" for non-geographic numbers; "" when it cannot be told. */
                            countryCode: string;
                            /** @description National format; "" when the input is not a number. */
                            format: string;
                            /**
                             * @description See docs/lookups.md for how libphonenumber's types map onto these.
                             * @enum {string}
                             */
                            lineType: "landline" | "mobile" | "fixedVoip" | "nonFixedVoip" | "personal" | "tollFree" | "premium" | "sharedCost" | "uan" | "voicemail" | "pager" | "unknown";
                            /** @description Three-digit mobile country code (ITU-T E.212); null for the line types the spec lists and when no data says. */
                            mobileCountryCode: string | null;
                            /** @description E.164 form; "" when the input is not a number. */
                            phoneNumber: string;
                            /** @description libphonenumber's isValid(): the number is in a range that can be assigned. */
                            valid: boolean;
                            /** @description Why the number is invalid; empty when valid. */
                            validationErrors: ("TOO_SHORT" | "TOO_LONG" | "INVALID_BUT_POSSIBLE" | "INVALID_COUNTRY_CODE" | "INVALID_LENGTH" | "NOT_A_NUMBER")[];
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description An upstream provider answered with an error. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description An upstream provider could not be reached in time. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/manage/rcs/capability/{channel_id}/{phone_number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** RCS capability of a NANP long code, asked with an RCS channel's agent */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The RCS channel's id. */
                    channel_id: number;
                    /** @description A 10-digit NANP long code, written +1NXXNXXXXXX or NXXNXXXXXX. */
                    phone_number: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description RBM features the device supports, as Google names them (e.g. RICHCARD_STANDALONE). */
                            features: string[];
                            /** @description Reserved for future use. */
                            name: null;
                            /** @description Whether RBM can reach the number for the agent asked. */
                            rbmEnabled: boolean;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description An upstream provider answered with an error. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description An upstream provider could not be reached in time. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/manage/rcs/capability/{phone_number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * RCS capability of a NANP long code, asked with the default agent
         * @description Uses the server's default RBM agent (RBM_AGENT_ID), else the account's oldest RCS channel.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A 10-digit NANP long code, written +1NXXNXXXXXX or NXXNXXXXXX. */
                    phone_number: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description RBM features the device supports, as Google names them (e.g. RICHCARD_STANDALONE). */
                            features: string[];
                            /** @description Reserved for future use. */
                            name: null;
                            /** @description Whether RBM can reach the number for the agent asked. */
                            rbmEnabled: boolean;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist (an id outside the range ids are issued in names nothing). */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description An upstream provider answered with an error. */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description An upstream provider could not be reached in time. */
                504: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who this credential acts as: the account, the member and role, the token or session, the scopes */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            accountId: number;
                            email: string | null;
                            /** @description Null: the account's own credential. */
                            memberId: number | null;
                            /** @description The member's display name; null: none given (or the account's own credential). */
                            name: string | null;
                            /**
                             * @description owner, admin, developer, agent or viewer (docs/security.md).
                             * @enum {string}
                             */
                            role: "owner" | "admin" | "developer" | "agent" | "viewer";
                            scopes: string[];
                            sessionId: string | null;
                            tokenId: string | null;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change one's own display name (every member may) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The name shown to visitors beside the member's replies ("Ana (agent)") and in the audit log; empty: none (the e-mail stands for it). */
                        name: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            dateCreated: string;
                            email: string;
                            id: number;
                            /** @description The member who invited; null for the account's first owner and invitations from its own credential. */
                            invitedBy: number | null;
                            /** @description While invited: when the invitation lapses. */
                            inviteExpiresAt: string | null;
                            /** @description The name shown for the member; null: none given, the e-mail stands for it. */
                            name: string | null;
                            /**
                             * @description owner, admin, developer, agent or viewer (docs/security.md).
                             * @enum {string}
                             */
                            role: "owner" | "admin" | "developer" | "agent" | "viewer";
                            /** @enum {string} */
                            status: "invited" | "active" | "disabled";
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the account's members and pending invitations */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            dateCreated: string;
                            email: string;
                            id: number;
                            /** @description The member who invited; null for the account's first owner and invitations from its own credential. */
                            invitedBy: number | null;
                            /** @description While invited: when the invitation lapses. */
                            inviteExpiresAt: string | null;
                            /** @description The name shown for the member; null: none given, the e-mail stands for it. */
                            name: string | null;
                            /**
                             * @description owner, admin, developer, agent or viewer (docs/security.md).
                             * @enum {string}
                             */
                            role: "owner" | "admin" | "developer" | "agent" | "viewer";
                            /** @enum {string} */
                            status: "invited" | "active" | "disabled";
                        }[];
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        /** Invite someone by e-mail with a role; the link is mailed and returned */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        /** @description The name shown to visitors beside the member's replies ("Ana (agent)") and in the audit log; empty: none (the e-mail stands for it). */
                        name?: string | null;
                        /**
                         * @description owner, admin, developer, agent or viewer (docs/security.md).
                         * @enum {string}
                         */
                        role: "owner" | "admin" | "developer" | "agent" | "viewer";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Why the e-mail was not sent (no SMTP_URL, a refusal). */
                            emailError: string | null;
                            emailSent: boolean;
                            /** @description The link to accept the invitation; mailed too when the server sends mail. Works once. */
                            inviteUrl: string;
                            member: {
                                dateCreated: string;
                                email: string;
                                id: number;
                                /** @description The member who invited; null for the account's first owner and invitations from its own credential. */
                                invitedBy: number | null;
                                /** @description While invited: when the invitation lapses. */
                                inviteExpiresAt: string | null;
                                /** @description The name shown for the member; null: none given, the e-mail stands for it. */
                                name: string | null;
                                /**
                                 * @description owner, admin, developer, agent or viewer (docs/security.md).
                                 * @enum {string}
                                 */
                                role: "owner" | "admin" | "developer" | "agent" | "viewer";
                                /** @enum {string} */
                                status: "invited" | "active" | "disabled";
                            };
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The request conflicts with the current state of the resource. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/members/{member_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a member */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The member's id. */
                    member_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            dateCreated: string;
                            email: string;
                            id: number;
                            /** @description The member who invited; null for the account's first owner and invitations from its own credential. */
                            invitedBy: number | null;
                            /** @description While invited: when the invitation lapses. */
                            inviteExpiresAt: string | null;
                            /** @description The name shown for the member; null: none given, the e-mail stands for it. */
                            name: string | null;
                            /**
                             * @description owner, admin, developer, agent or viewer (docs/security.md).
                             * @enum {string}
                             */
                            role: "owner" | "admin" | "developer" | "agent" | "viewer";
                            /** @enum {string} */
                            status: "invited" | "active" | "disabled";
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Remove a member and revoke their tokens (the last owner cannot leave: 409) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The member's id. */
                    member_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The request conflicts with the current state of the resource. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change a member's role (the last owner stays owner: 409), name, or status (disable or enable) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The member's id. */
                    member_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The name shown to visitors beside the member's replies ("Ana (agent)") and in the audit log; empty: none (the e-mail stands for it). */
                        name?: string | null;
                        /**
                         * @description owner, admin, developer, agent or viewer (docs/security.md).
                         * @enum {string}
                         */
                        role?: "owner" | "admin" | "developer" | "agent" | "viewer";
                        /**
                         * @description disabled: no sign-in (password or single sign-on), console sessions end, API tokens revoked; active: a disabled member may sign in again (revoked tokens stay revoked).
                         * @enum {string}
                         */
                        status?: "active" | "disabled";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            dateCreated: string;
                            email: string;
                            id: number;
                            /** @description The member who invited; null for the account's first owner and invitations from its own credential. */
                            invitedBy: number | null;
                            /** @description While invited: when the invitation lapses. */
                            inviteExpiresAt: string | null;
                            /** @description The name shown for the member; null: none given, the e-mail stands for it. */
                            name: string | null;
                            /**
                             * @description owner, admin, developer, agent or viewer (docs/security.md).
                             * @enum {string}
                             */
                            role: "owner" | "admin" | "developer" | "agent" | "viewer";
                            /** @enum {string} */
                            status: "invited" | "active" | "disabled";
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The request conflicts with the current state of the resource. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a message (or run a script) to humans by ids and tags; subscribed humans only, each once */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": ({
                        channelId: number;
                        /**
                         * Format: uri
                         * @description URL of an image, video, audio or file.
                         */
                        media?: string;
                        /** @enum {string} */
                        mediaType?: "image" | "video" | "audio" | "file";
                        /** @description An interaction, workflow or action of the channel's bot to run for each human. */
                        script?: string;
                        targets: ({
                            ids?: number[];
                            /** @description Comma-separated tag names; humans with any of them. */
                            tags?: string;
                            /**
                             * @description Who the ids and tags name.
                             * @enum {string}
                             */
                            targetType: "humans";
                        } | unknown | unknown)[];
                        /** @description An approved WhatsApp message template: the one kind of message that may go outside the 24-hour customer-service window. */
                        template?: {
                            /** @description Components as the Cloud API takes them (header, body, button parameters), for what `variables` cannot say; tags in their strings are rendered. */
                            components?: ({
                                type: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description Its language code, e.g. en_US. */
                            language: string;
                            /** @description The template's name, as approved by WhatsApp. */
                            name: string;
                            /** @description The body's {{1}}, {{2}} … in order; tags such as {sys:firstName} are rendered for each human. */
                            variables?: string[];
                        };
                        /** @description Tags such as {sys:firstName} are rendered for each human. */
                        text?: string;
                    } & unknown) | unknown | unknown | unknown | unknown;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            batchId: number;
                            /** @description Subscribed humans the send goes to. */
                            queued: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The request conflicts with the current state of the resource. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/messages/batches/{batch_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Progress of a send */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The batch's id. */
                    batch_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            channelId: number;
                            dateCompleted: string | null;
                            dateCreated: string;
                            id: number;
                            messages: {
                                delivered: number;
                                failed: number;
                                queued: number;
                                read: number;
                                sent: number;
                            };
                            /** @description Humans queued so far. */
                            queued: number;
                            /** @description expanding (humans still being queued), sending, or done. */
                            status: string;
                            /** @description Subscribed humans the targets named. */
                            total: number;
                            /** @description Humans the channel has no address for. */
                            unreachable: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/model-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List model endpoints (never their keys) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            baseUrl: string;
                            chatModel: string | null;
                            dateCreated: string;
                            dateUpdated: string;
                            embeddingModel: string | null;
                            hasApiKey: boolean;
                            id: number;
                            maxRetries: number;
                            name: string;
                            rerankModel: string | null;
                            timeoutMs: number;
                        }[];
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        /** Add an OpenAI-compatible model endpoint; its key is sealed and never shown again */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Sealed at rest and never shown again; omitted on update keeps it, null removes it. */
                        apiKey?: string | null;
                        /**
                         * Format: uri
                         * @description The server's OpenAI-compatible base, e.g. https://api.openai.com/v1 or http://ollama.internal:11434/v1.
                         */
                        baseUrl: string;
                        chatModel?: string | null;
                        embeddingModel?: string | null;
                        maxRetries?: number;
                        name: string;
                        rerankModel?: string | null;
                        timeoutMs?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            baseUrl: string;
                            chatModel: string | null;
                            dateCreated: string;
                            dateUpdated: string;
                            embeddingModel: string | null;
                            hasApiKey: boolean;
                            id: number;
                            maxRetries: number;
                            name: string;
                            rerankModel: string | null;
                            timeoutMs: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The request conflicts with the current state of the resource. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/model-endpoints/{endpoint_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a model endpoint */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The model endpoint's id. */
                    endpoint_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            baseUrl: string;
                            chatModel: string | null;
                            dateCreated: string;
                            dateUpdated: string;
                            embeddingModel: string | null;
                            hasApiKey: boolean;
                            id: number;
                            maxRetries: number;
                            name: string;
                            rerankModel: string | null;
                            timeoutMs: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        /** Change a model endpoint (an omitted apiKey is kept) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The model endpoint's id. */
                    endpoint_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Sealed at rest and never shown again; omitted on update keeps it, null removes it. */
                        apiKey?: string | null;
                        /**
                         * Format: uri
                         * @description The server's OpenAI-compatible base, e.g. https://api.openai.com/v1 or http://ollama.internal:11434/v1.
                         */
                        baseUrl: string;
                        chatModel?: string | null;
                        embeddingModel?: string | null;
                        maxRetries?: number;
                        name: string;
                        rerankModel?: string | null;
                        timeoutMs?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            baseUrl: string;
                            chatModel: string | null;
                            dateCreated: string;
                            dateUpdated: string;
                            embeddingModel: string | null;
                            hasApiKey: boolean;
                            id: number;
                            maxRetries: number;
                            name: string;
                            rerankModel: string | null;
                            timeoutMs: number;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The request conflicts with the current state of the resource. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a model endpoint */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The model endpoint's id. */
                    endpoint_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account today: channels, conversations, messages in and out per channel type, failures */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            channels: {
                                channelType: string;
                                count: number;
                            }[];
                            conversations: {
                                /** @description Conversations with activity since `since`. */
                                activeSince: number;
                                total: number;
                                /** @description Conversations taken over (botEnabled false) now. */
                                withAgent: number;
                            };
                            /** @description Outbound messages since `since` that failed. */
                            deliveryFailures: number;
                            /** @description Messages since `since`, per channel type and direction. */
                            messages: {
                                channelType: string;
                                count: number;
                                /** @description in or out. */
                                direction: string;
                            }[];
                            /** @description Start of "today": midnight UTC. */
                            since: string;
                            webhooks: {
                                disabled: number;
                                endpoints: number;
                                /** @description Webhook deliveries given up since `since`. */
                                failedDeliveries: number;
                            };
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's signed-in sessions, newest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The client address the session signed in from. */
                            address: string;
                            /** @description true: the session this request came with. */
                            current: boolean;
                            dateCreated: string;
                            dateExpires: string;
                            dateLastSeen: string;
                            id: string;
                            userAgent: string;
                        }[];
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        /** Sign in with the account's e-mail and password: sets the httpOnly session cookie and the CSRF cookie */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            account: {
                                email: string;
                                id: number;
                            };
                            /** @description Repeat it in the x-csrf-token header of every POST, PUT, PATCH and DELETE made with the session cookie (it is also in the parley_csrf cookie). */
                            csrfToken: string;
                            session: {
                                /** @description The client address the session signed in from. */
                                address: string;
                                /** @description true: the session this request came with. */
                                current: boolean;
                                dateCreated: string;
                                dateExpires: string;
                                dateLastSeen: string;
                                id: string;
                                userAgent: string;
                            };
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{session_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a session; "current" (or the id of the session making the request) signs out and clears the cookies */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    session_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the server waits for its first account (the console then offers to make the owner) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description true when this request does not come from the server's own host: the setup code printed at start is then needed. */
                            codeRequired: boolean;
                            /** @description true while the server has no account. */
                            needed: boolean;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Make the first account and its owner, and sign the owner in (only while no account exists: 409 after)
         * @description From another host than the server's (or through a proxy) the setup code the server printed at start is needed (403 without it; wrong ones are throttled like failed sign-ins, 429).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The setup code, from another host. */
                        code?: string;
                        email: string;
                        /** @description The owner's display name. */
                        name?: string;
                        /** @description At least 8 characters. */
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            account: {
                                email: string;
                                id: number;
                            };
                            csrfToken: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The request conflicts with the current state of the resource. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the account's active API tokens (never their values) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            dateCreated: string;
                            /** @description `yyyy-mm-ddThh:mm:ss` UTC; null: never expires. */
                            expiresAt: string | null;
                            id: string;
                            /** @description The member who made it; null for the account's own credential. */
                            memberId: number | null;
                            name: string;
                            /** @description What the token may do; a write scope also reads (docs/security.md). */
                            scopes: ("bots:read" | "bots:write" | "channels:read" | "channels:write" | "webhooks:read" | "webhooks:write" | "tokens:read" | "tokens:write" | "humans:read" | "humans:write" | "conversations:read" | "conversations:write" | "broadcasts:read" | "broadcasts:write" | "lookups:read" | "members:read" | "members:write" | "audit:read")[];
                        }[];
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        /** Create an API token */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A future date-time (ISO 8601; without a zone: UTC). Default: never. */
                        expiresAt?: string | null;
                        name?: string;
                        /** @description Default: every scope the caller holds. Any scope beyond them is a 422. */
                        scopes?: ("bots:read" | "bots:write" | "channels:read" | "channels:write" | "webhooks:read" | "webhooks:write" | "tokens:read" | "tokens:write" | "humans:read" | "humans:write" | "conversations:read" | "conversations:write" | "broadcasts:read" | "broadcasts:write" | "lookups:read" | "members:read" | "members:write" | "audit:read")[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            dateCreated: string;
                            /** @description `yyyy-mm-ddThh:mm:ss` UTC; null: never expires. */
                            expiresAt: string | null;
                            id: string;
                            /** @description The member who made it; null for the account's own credential. */
                            memberId: number | null;
                            name: string;
                            /** @description What the token may do; a write scope also reads (docs/security.md). */
                            scopes: ("bots:read" | "bots:write" | "channels:read" | "channels:write" | "webhooks:read" | "webhooks:write" | "tokens:read" | "tokens:write" | "humans:read" | "humans:write" | "conversations:read" | "conversations:write" | "broadcasts:read" | "broadcasts:write" | "lookups:read" | "members:read" | "members:write" | "audit:read")[];
                            /** @description The bearer token. Shown only in this response; store it now. */
                            token: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tokens/{token_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API token (owners and admins: any; others: their own) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tokens and answers by bot and day */
        get: {
            parameters: {
                query?: {
                    botId?: number;
                    /** @description First day (yyyy-mm-dd, UTC); default 29 days before `to`. */
                    from?: string;
                    /** @description Last day (yyyy-mm-dd, UTC); default today. */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            days: {
                                answers: number;
                                botId: number;
                                completionTokens: number;
                                day: string;
                                fallbacks: number;
                                promptTokens: number;
                            }[];
                            from: string;
                            to: string;
                            totals: {
                                answers: number;
                                completionTokens: number;
                                fallbacks: number;
                                promptTokens: number;
                            };
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhooks (never their secrets) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description yyyy-mm-ddThh:mm:ss, UTC. */
                            dateCreated: string;
                            /** @description yyyy-mm-ddThh:mm:ss, UTC. */
                            dateUpdated: string;
                            description: string;
                            /** @description Why deliveries stopped (the endpoint answered 410 Gone, or the API disabled it); null while enabled. */
                            disabledReason: string | null;
                            enabled: boolean;
                            eventTypes: string[];
                            id: number;
                            url: string;
                        }[];
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        /** Subscribe a URL to events; the signing secret is shown once */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string;
                        /** @description The events to send; see docs/webhooks.md for each payload. */
                        eventTypes: ("message.received" | "message.sent" | "message.delivered" | "message.read" | "message.failed" | "human.subscribed" | "human.unsubscribed" | "conversation.started")[];
                        /**
                         * Format: uri
                         * @description Where deliveries are POSTed: an absolute http(s) URL (https recommended). Redirects are not followed.
                         */
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description yyyy-mm-ddThh:mm:ss, UTC. */
                            dateCreated: string;
                            /** @description yyyy-mm-ddThh:mm:ss, UTC. */
                            dateUpdated: string;
                            description: string;
                            /** @description Why deliveries stopped (the endpoint answered 410 Gone, or the API disabled it); null while enabled. */
                            disabledReason: string | null;
                            enabled: boolean;
                            eventTypes: string[];
                            id: number;
                            /** @description The signing secret (whsec_…, Standard Webhooks). Shown only in this response; store it now. */
                            secret: string;
                            url: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The webhook's id. */
                    webhook_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description yyyy-mm-ddThh:mm:ss, UTC. */
                            dateCreated: string;
                            /** @description yyyy-mm-ddThh:mm:ss, UTC. */
                            dateUpdated: string;
                            description: string;
                            /** @description Why deliveries stopped (the endpoint answered 410 Gone, or the API disabled it); null while enabled. */
                            disabledReason: string | null;
                            enabled: boolean;
                            eventTypes: string[];
                            id: number;
                            url: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        /** Change a webhook's URL, events or description; disable or enable it */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The webhook's id. */
                    webhook_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string;
                        /** @description false stops deliveries; true resumes them (also after the endpoint answered 410 Gone). */
                        enabled?: boolean;
                        /** @description The events to send; see docs/webhooks.md for each payload. */
                        eventTypes: ("message.received" | "message.sent" | "message.delivered" | "message.read" | "message.failed" | "human.subscribed" | "human.unsubscribed" | "conversation.started")[];
                        /**
                         * Format: uri
                         * @description Where deliveries are POSTed: an absolute http(s) URL (https recommended). Redirects are not followed.
                         */
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description yyyy-mm-ddThh:mm:ss, UTC. */
                            dateCreated: string;
                            /** @description yyyy-mm-ddThh:mm:ss, UTC. */
                            dateUpdated: string;
                            description: string;
                            /** @description Why deliveries stopped (the endpoint answered 410 Gone, or the API disabled it); null while enabled. */
                            disabledReason: string | null;
                            enabled: boolean;
                            eventTypes: string[];
                            id: number;
                            url: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The body is larger than the server accepts. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a webhook and its delivery log */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The webhook's id. */
                    webhook_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhook_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The webhook's delivery log, newest first, a page at a time */
        get: {
            parameters: {
                query?: {
                    /** @description nextCursor of the previous page. */
                    cursor?: string;
                    limit?: number;
                };
                header?: never;
                path: {
                    /** @description The webhook's id. */
                    webhook_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deliveries: {
                                /** @description Attempts made so far. */
                                attempts: number;
                                /** @description When the event happened (UTC). */
                                dateCreated: string;
                                dateUpdated: string;
                                /** @description The webhook-id header: the same on every attempt, the receiver's idempotency key. */
                                eventId: string;
                                eventType: string;
                                id: number;
                                lastAttemptAt: string | null;
                                /** @description What went wrong on the last attempt; null after a success. */
                                lastError: string | null;
                                /** @description HTTP status of the last attempt; null when it got no answer. */
                                lastStatusCode: number | null;
                                /** @description When a pending delivery is tried next (UTC); null otherwise. */
                                nextAttemptAt: string | null;
                                /** @description The body sent: {type, timestamp, data}. */
                                payload: unknown;
                                /**
                                 * @description pending (to be tried, again), delivered (2xx), failed (given up, or 410), cancelled (the webhook was disabled first).
                                 * @enum {string}
                                 */
                                status: "pending" | "delivered" | "failed" | "cancelled";
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a finished delivery again: the same event and webhook-id, attempted at once and retried on the usual schedule */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    delivery_id: number;
                    /** @description The webhook's id. */
                    webhook_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Attempts made so far. */
                            attempts: number;
                            /** @description When the event happened (UTC). */
                            dateCreated: string;
                            dateUpdated: string;
                            /** @description The webhook-id header: the same on every attempt, the receiver's idempotency key. */
                            eventId: string;
                            eventType: string;
                            id: number;
                            lastAttemptAt: string | null;
                            /** @description What went wrong on the last attempt; null after a success. */
                            lastError: string | null;
                            /** @description HTTP status of the last attempt; null when it got no answer. */
                            lastStatusCode: number | null;
                            /** @description When a pending delivery is tried next (UTC); null otherwise. */
                            nextAttemptAt: string | null;
                            /** @description The body sent: {type, timestamp, data}. */
                            payload: unknown;
                            /**
                             * @description pending (to be tried, again), delivered (2xx), failed (given up, or 410), cancelled (the webhook was disabled first).
                             * @enum {string}
                             */
                            status: "pending" | "delivered" | "failed" | "cancelled";
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The request conflicts with the current state of the resource. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhook_id}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the signing secret; the new one is shown once, the old one signs too for 24 hours */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The webhook's id. */
                    webhook_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description yyyy-mm-ddThh:mm:ss, UTC. */
                            dateCreated: string;
                            /** @description yyyy-mm-ddThh:mm:ss, UTC. */
                            dateUpdated: string;
                            description: string;
                            /** @description Why deliveries stopped (the endpoint answered 410 Gone, or the API disabled it); null while enabled. */
                            disabledReason: string | null;
                            enabled: boolean;
                            eventTypes: string[];
                            id: number;
                            /** @description The signing secret (whsec_…, Standard Webhooks). Shown only in this response; store it now. */
                            secret: string;
                            url: string;
                        };
                    };
                };
                /** @description Header or body malformed, or a field has the wrong JSON type or is missing. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Credentials missing or invalid. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The resource belongs to another account, or the role or the token's scopes do not allow the request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description The item does not exist. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
                /** @description Too many requests; retry after the number of seconds in Retry-After. */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorObject"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** action */
        "BotLanguage.Action": {
            answer?: components["schemas"]["BotLanguage.Answer"];
            assignAttributes?: components["schemas"]["BotLanguage.AssignAttributes"];
            assignTags?: string | string[];
            channel?: string;
            classify?: components["schemas"]["BotLanguage.Classify"];
            conditions?: components["schemas"]["BotLanguage.ConditionItem"][];
            delay?: components["schemas"]["BotLanguage.Delay"];
            execute?: string | string[];
            goto?: string;
            name?: string;
            pause?: components["schemas"]["BotLanguage.Pause"];
            send?: components["schemas"]["BotLanguage.Send"];
            subscribe?: boolean;
            updateAttribute?: components["schemas"]["BotLanguage.UpdateAttributeExperience"];
            updateSettings?: components["schemas"]["BotLanguage.UpdateSettings"];
            validation?: components["schemas"]["BotLanguage.Validation"];
            waitFor?: components["schemas"]["BotLanguage.WaitFor"];
        };
        /** answer action */
        "BotLanguage.Answer": {
            attribute?: string;
            conversationTokenLimit?: number;
            dailyTokenLimit?: number;
            extractive?: boolean;
            fallback?: string | string[];
            instructions?: string;
            knowledgeBases: string | number | (string | number)[];
            maxTokens?: number;
            minRelevance?: number;
            model?: string;
            passages?: number;
            question?: string;
            send?: boolean;
            sourcesAttribute?: string;
        };
        /** assign attributes action */
        "BotLanguage.AssignAttributes": {
            attributes: components["schemas"]["BotLanguage.AttributeValue"][];
            embeddingMode?: boolean | null;
            evaluate?: boolean | null;
            format?: string | null;
            /** @enum {unknown} */
            multipleValues?: "array" | "object" | null;
            multipleValuesSettings?: components["schemas"]["BotLanguage.MultipleValuesSettings"];
            process?: boolean | null;
            remove?: boolean | null;
            replace?: string | null;
            takeNext?: boolean | null;
            takeNextPath?: string | null;
            value?: string | Record<string, never> | unknown[] | null;
        };
        /** attribute value */
        "BotLanguage.AttributeValue": {
            attributePath: string;
            embeddingMode?: boolean | null;
            evaluate?: boolean | null;
            format?: string | null;
            /** @enum {unknown} */
            multipleValues?: "array" | "object" | null;
            multipleValuesSettings?: components["schemas"]["BotLanguage.MultipleValuesSettings"];
            process?: boolean | null;
            remove?: boolean | null;
            replace?: string | null;
            takeNext?: boolean | null;
            takeNextPath?: string | null;
            value?: string | Record<string, never> | unknown[] | null;
        };
        /** bot definition */
        "BotLanguage.BotDefinition": {
            currentRevision?: number;
            dateCreated?: string;
            id?: number;
            interactions: components["schemas"]["BotLanguage.Interaction"][];
            language?: string;
            latestRevision?: number;
            name: string;
        };
        /** button */
        "BotLanguage.Button": {
            application?: string | null;
            description?: string | null;
            endTime?: string;
            eventTitle?: string;
            execute?: string | null;
            label?: string;
            latLong?: {
                latitude?: number;
                longitude?: number;
            };
            payload?: string;
            postbackData?: string | null;
            query?: string;
            startTime?: string;
            theme?: Record<string, never>;
            title?: string;
            /** @enum {unknown} */
            type: "weburl" | "postback" | "call" | "text" | "location" | "viewLocation" | "calendar" | "datetime";
            /** @enum {unknown} */
            webviewViewMode?: "FULL" | "HALF" | "TALL";
        };
        /** classify action */
        "BotLanguage.Classify": {
            among?: string | string[];
            attribute?: string;
            dailyTokenLimit?: number;
            fallback?: string | string[];
            instructions?: string;
            model?: string;
            text?: string;
        };
        /** condition */
        "BotLanguage.Condition": {
            attribute?: string;
            channelIds?: number | string | (number | string)[];
            channelTypes?: string | string[];
            contains?: string | number | boolean;
            devicePlatforms?: string | string[];
            deviceTypes?: string | string[];
            empty?: boolean;
            endsWith?: string | number | boolean;
            equals?: string | number | boolean;
            exists?: boolean;
            greaterThan?: string | number | boolean;
            greaterThanOrEqual?: string | number | boolean;
            ignoreCase?: boolean;
            in?: (string | number | boolean)[];
            /** @enum {unknown} */
            is?: "number" | "integer" | "boolean" | "email" | "phone" | "url" | "json" | "array" | "object" | "date" | "time" | "datetime";
            lessThan?: string | number | boolean;
            lessThanOrEqual?: string | number | boolean;
            matches?: string | number | boolean;
            notContains?: string | number | boolean;
            notEquals?: string | number | boolean;
            notIn?: (string | number | boolean)[];
            startsWith?: string | number | boolean;
            tags?: string | string[];
        };
        "BotLanguage.ConditionItem": Record<string, never>;
        /** data capture */
        "BotLanguage.DataCapture": {
            dismissButton?: string | null;
            /** @enum {unknown} */
            displayMode: "message" | "popup";
            executeOnDismiss?: string | null;
            executeOnSubmit?: string | null;
            fields: components["schemas"]["BotLanguage.DataCaptureField"][];
            populate?: components["schemas"]["BotLanguage.Populate"];
            submitButton: string;
        };
        /** data capture field */
        "BotLanguage.DataCaptureField": {
            attribute: string;
            multi?: boolean;
            options?: string[];
            placeholder?: string;
            required?: boolean;
            title?: string;
            /** @enum {unknown} */
            type: "text" | "select" | "checkbox" | "radio" | "date" | "time" | "datetime" | "switch" | "email" | "phone";
        };
        /** delay action */
        "BotLanguage.Delay": {
            executeOnTimeout?: string | string[];
            milliseconds?: number;
            seconds?: number;
            timeout?: string;
        };
        /** e-mail action */
        "BotLanguage.Email": {
            /** Format: email-or-tag */
            bcc?: string | string[];
            /** Format: email-or-tag */
            cc?: string | string[];
            isHtml?: boolean;
            subject?: string;
            text?: string;
            /** Format: email-or-tag */
            to: string | string[];
        };
        /** experience definition */
        "BotLanguage.ExperienceDefinition": {
            currentRevision?: number;
            dateCreated?: string;
            id?: number;
            language?: string;
            latestRevision?: number;
            name: string;
            welcomeMessageExecute?: string;
            workflows: components["schemas"]["BotLanguage.Workflow"][];
        };
        /** expression */
        "BotLanguage.Expression": {
            excludeContext?: string;
            generate?: boolean;
            slots?: components["schemas"]["BotLanguage.Slot"][];
            text: string;
        };
        /** intent */
        "BotLanguage.Intent": {
            excludeContext?: string;
            expressions: (string | Record<string, never>)[];
            name?: string;
        };
        /** intent */
        "BotLanguage.IntentObject": {
            excludeContext?: string;
            expressions?: components["schemas"]["BotLanguage.Expression"][];
            name: string;
        };
        /** interaction */
        "BotLanguage.Interaction": {
            actions: components["schemas"]["BotLanguage.Action"][];
            context?: string | null;
            expressions?: components["schemas"]["BotLanguage.Expression"][];
            include?: string | string[];
            intents?: (string | Record<string, never>)[];
            keywords?: components["schemas"]["BotLanguage.Keyword"][];
            name?: string;
            validation?: components["schemas"]["BotLanguage.Validation"];
        };
        /** keyword */
        "BotLanguage.Keyword": {
            name: string;
            values?: components["schemas"]["BotLanguage.KeywordValue"][];
        };
        /** keyword value */
        "BotLanguage.KeywordValue": {
            expressions?: string[];
            value: string;
        };
        /** message */
        "BotLanguage.Message": {
            buttons?: components["schemas"]["BotLanguage.Button"][];
            carousel?: components["schemas"]["BotLanguage.RichCard"][];
            /** Format: uri-or-tag */
            media?: string;
            /** @enum {unknown} */
            mediaType?: "image" | "video" | "audio" | "file";
            quickReplies?: components["schemas"]["BotLanguage.QuickReply"][] | null;
            richCard?: components["schemas"]["BotLanguage.RichCardConfig"];
            text?: string;
            title?: string;
        };
        /** multiple values settings */
        "BotLanguage.MultipleValuesSettings": {
            delimiter?: string;
            prefix?: string;
            rootElement?: string;
            singleValueStandalone?: boolean;
            suffix?: string;
            valueElement?: string;
            xmlOptions?: {
                [key: string]: string;
            };
        };
        /** note action */
        "BotLanguage.Note": {
            channelId?: number | null;
            executeOnError?: string | string[];
            recipientPhone?: string | null;
            text: string;
        };
        /** operator */
        "BotLanguage.Operator": {
            and?: components["schemas"]["BotLanguage.ConditionItem"][];
            not?: components["schemas"]["BotLanguage.ConditionItem"];
            or?: components["schemas"]["BotLanguage.ConditionItem"][];
        };
        /** pause action */
        "BotLanguage.Pause": {
            milliseconds?: number;
            seconds?: number;
        };
        /** populate object */
        "BotLanguage.Populate": {
            allowInnerAttributes?: boolean | null;
            attribute?: string | null;
            from?: string | null;
        };
        /** quick reply */
        "BotLanguage.QuickReply": {
            application?: string | null;
            execute?: string | null;
            imageUrl?: string | null;
            payload?: string;
            postbackData?: string | null;
            title?: string;
            /** @enum {unknown} */
            type: "text" | "postback" | "location" | "viewLocation" | "calendar" | "weburl" | "call" | "datetime";
            /** @enum {unknown} */
            webviewViewMode?: "FULL" | "HALF" | "TALL";
        };
        /** request action */
        "BotLanguage.Request": {
            allowHtml?: boolean;
            async?: boolean;
            content?: string | Record<string, never>;
            /** @enum {unknown} */
            dataFormat?: "text" | "json" | "form";
            fallback?: string;
            headers?: {
                [key: string]: string;
            };
            /** @enum {unknown} */
            method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            process?: boolean;
            response?: string | Record<string, never>;
            responseHeaders?: string | Record<string, never>;
            retries?: number;
            url: string;
        };
        /** rich card */
        "BotLanguage.RichCard": {
            buttons?: components["schemas"]["BotLanguage.Button"][] | null;
            /** @enum {unknown} */
            cardOrientation?: "VERTICAL" | "HORIZONTAL" | null;
            description?: string | null;
            /** @enum {unknown} */
            imageAlignment?: "LEFT" | "RIGHT" | null;
            media?: string | null;
            /** @enum {unknown} */
            mediaHeight?: "SHORT" | "MEDIUM" | "TALL" | null;
            /** @enum {unknown} */
            mediaType?: "image" | "video" | "audio" | "file";
            thumbnailUrl?: string | null;
            title?: string | null;
        };
        /** rich card settings */
        "BotLanguage.RichCardConfig": {
            /** @enum {unknown} */
            cardOrientation?: "VERTICAL" | "HORIZONTAL" | null;
            /** @enum {unknown} */
            imageAlignment?: "LEFT" | "RIGHT" | null;
            /** @enum {unknown} */
            mediaHeight?: "SHORT" | "MEDIUM" | "TALL" | null;
            thumbnailUrl?: string | null;
        };
        /** RSS action */
        "BotLanguage.Rss": {
            /** @enum {unknown} */
            preferedLayout?: "list" | "carousel";
            /** Format: uri-or-tag */
            url: string;
        };
        /** send action */
        "BotLanguage.Send": {
            email?: components["schemas"]["BotLanguage.Email"];
            json?: Record<string, never> | unknown[];
            message?: components["schemas"]["BotLanguage.Message"];
            note?: components["schemas"]["BotLanguage.Note"];
            populate?: components["schemas"]["BotLanguage.Populate"];
            request?: components["schemas"]["BotLanguage.Request"];
            rss?: components["schemas"]["BotLanguage.Rss"];
        };
        /** slot */
        "BotLanguage.Slot": {
            name: string;
            type: string;
            value: string;
        };
        /** start dialog action */
        "BotLanguage.StartDialog": {
            context?: string | null;
            executeOnBreakOut?: string | string[];
            executeOnCancel?: string | string[];
            name?: string;
        };
        /** update attribute action */
        "BotLanguage.UpdateAttributeBot": {
            attribute: string;
            evaluate?: boolean;
            process?: boolean;
            replace?: string;
            takeNext?: boolean;
            value: string | Record<string, never> | unknown[] | null;
        };
        /** update attribute action */
        "BotLanguage.UpdateAttributeExperience": {
            attribute: string | string[];
            evaluate?: boolean;
            process?: boolean;
            replace?: string;
            takeNext?: boolean;
            value?: string | Record<string, never> | unknown[];
        };
        /** update settings action */
        "BotLanguage.UpdateSettings": {
            bot?: {
                enabled?: boolean;
            };
            conversation?: {
                /** @enum {unknown} */
                priority?: "normal" | "high";
            };
        };
        /** validation */
        "BotLanguage.Validation": {
            conditions: components["schemas"]["BotLanguage.ConditionItem"][];
            executeOnError?: string | string[];
        };
        /** wait action */
        "BotLanguage.WaitFor": {
            content: string;
            data: string | ("message" | "text" | "quick reply" | "multi select" | "number" | "money" | "distance" | "coordinates" | "datetime" | "file")[];
            executeOnError?: string | string[];
            executeOnTimeout?: string | string[];
            keywords?: {
                attribute: string;
                name: string;
            }[];
            timeout?: string;
        };
        /** workflow */
        "BotLanguage.Workflow": {
            actions: components["schemas"]["BotLanguage.Action"][];
            expressions?: (string | Record<string, never>)[];
            intents: (string | Record<string, never>)[];
            keywords?: components["schemas"]["BotLanguage.Keyword"][];
            name?: string;
            validation?: components["schemas"]["BotLanguage.Validation"];
        };
        /** Error */
        ErrorObject: {
            /** @description The HTTP status code returned, as a string. */
            code: string;
            /** @description Support e-mail address. */
            contactEmail: string;
            /** @description Full description of what was wrong. */
            description: string;
            /** @description Base URL that processed the request. */
            homeRef: string;
            /** @description Structured problems, when a submitted document has several (e.g. a bot definition). */
            problems?: {
                message: string;
                pointer: string;
            }[];
            /** @description Short description of the status code. */
            reasonPhrase: string;
            /** @description URL of the definition of the HTTP status code. */
            uri: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
