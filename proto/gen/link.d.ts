import * as $protobuf from "protobufjs";
import Long = require("long");

/** Namespace crawl. */
export namespace crawl {

    /** Namespace link. */
    namespace link {

        /** Namespace v1. */
        namespace v1 {

            /**
             * Properties of an AgentFrame.
             * @deprecated Use crawl.link.v1.AgentFrame.$Properties instead.
             */
            interface IAgentFrame extends crawl.link.v1.AgentFrame.$Properties {
            }

            /** Represents an AgentFrame. */
            class AgentFrame {

                /**
                 * Constructs a new AgentFrame.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.AgentFrame.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** AgentFrame hello. */
                hello?: (crawl.link.v1.Hello.$Properties|null);

                /** AgentFrame accept. */
                accept?: (crawl.link.v1.Accept.$Properties|null);

                /** AgentFrame reject. */
                reject?: (crawl.link.v1.Reject.$Properties|null);

                /** AgentFrame chunk. */
                chunk?: (crawl.link.v1.ResultChunk.$Properties|null);

                /** AgentFrame result. */
                result?: (crawl.link.v1.ResultFinal.$Properties|null);

                /** AgentFrame ping. */
                ping?: (crawl.link.v1.Ping.$Properties|null);

                /** AgentFrame pong. */
                pong?: (crawl.link.v1.Pong.$Properties|null);

                /** AgentFrame draining. */
                draining?: (crawl.link.v1.Draining.$Properties|null);

                /** AgentFrame availability. */
                availability?: (crawl.link.v1.Availability.$Properties|null);

                /** AgentFrame streamOpened. */
                streamOpened?: (crawl.link.v1.StreamOpened.$Properties|null);

                /** AgentFrame streamData. */
                streamData?: (crawl.link.v1.StreamData.$Properties|null);

                /** AgentFrame streamCredit. */
                streamCredit?: (crawl.link.v1.StreamCredit.$Properties|null);

                /** AgentFrame streamClose. */
                streamClose?: (crawl.link.v1.StreamClose.$Properties|null);

                /** AgentFrame batch. */
                batch?: (crawl.link.v1.AgentBatch.$Properties|null);

                /** AgentFrame upgradeReport. */
                upgradeReport?: (crawl.link.v1.UpgradeReport.$Properties|null);

                /** AgentFrame body. */
                body?: ("hello"|"accept"|"reject"|"chunk"|"result"|"ping"|"pong"|"draining"|"availability"|"streamOpened"|"streamData"|"streamCredit"|"streamClose"|"batch"|"upgradeReport");

                /**
                 * Creates a new AgentFrame instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns AgentFrame instance
                 */
                static create(properties: crawl.link.v1.AgentFrame.$Shape): crawl.link.v1.AgentFrame & crawl.link.v1.AgentFrame.$Shape;
                static create(properties?: crawl.link.v1.AgentFrame.$Properties): crawl.link.v1.AgentFrame;

                /**
                 * Encodes the specified AgentFrame message. Does not implicitly {@link crawl.link.v1.AgentFrame.verify|verify} messages.
                 * @param m AgentFrame message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.AgentFrame.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes an AgentFrame message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.AgentFrame & crawl.link.v1.AgentFrame.$Shape} AgentFrame
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.AgentFrame & crawl.link.v1.AgentFrame.$Shape;
            }

            namespace AgentFrame {

                /** Properties of an AgentFrame. */
                interface $Properties {

                    /** AgentFrame hello */
                    hello?: (crawl.link.v1.Hello.$Properties|null);

                    /** AgentFrame accept */
                    accept?: (crawl.link.v1.Accept.$Properties|null);

                    /** AgentFrame reject */
                    reject?: (crawl.link.v1.Reject.$Properties|null);

                    /** AgentFrame chunk */
                    chunk?: (crawl.link.v1.ResultChunk.$Properties|null);

                    /** AgentFrame result */
                    result?: (crawl.link.v1.ResultFinal.$Properties|null);

                    /** AgentFrame ping */
                    ping?: (crawl.link.v1.Ping.$Properties|null);

                    /** AgentFrame pong */
                    pong?: (crawl.link.v1.Pong.$Properties|null);

                    /** AgentFrame draining */
                    draining?: (crawl.link.v1.Draining.$Properties|null);

                    /** AgentFrame availability */
                    availability?: (crawl.link.v1.Availability.$Properties|null);

                    /** AgentFrame streamOpened */
                    streamOpened?: (crawl.link.v1.StreamOpened.$Properties|null);

                    /** AgentFrame streamData */
                    streamData?: (crawl.link.v1.StreamData.$Properties|null);

                    /** AgentFrame streamCredit */
                    streamCredit?: (crawl.link.v1.StreamCredit.$Properties|null);

                    /** AgentFrame streamClose */
                    streamClose?: (crawl.link.v1.StreamClose.$Properties|null);

                    /** AgentFrame batch */
                    batch?: (crawl.link.v1.AgentBatch.$Properties|null);

                    /** AgentFrame upgradeReport */
                    upgradeReport?: (crawl.link.v1.UpgradeReport.$Properties|null);

                    /** AgentFrame body */
                    body?: ("hello"|"accept"|"reject"|"chunk"|"result"|"ping"|"pong"|"draining"|"availability"|"streamOpened"|"streamData"|"streamCredit"|"streamClose"|"batch"|"upgradeReport");

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Narrowed shape of an AgentFrame. */
                type $Shape = {
                  hello?: crawl.link.v1.Hello.$Shape|null;
                  accept?: crawl.link.v1.Accept.$Shape|null;
                  reject?: crawl.link.v1.Reject.$Shape|null;
                  chunk?: crawl.link.v1.ResultChunk.$Shape|null;
                  result?: crawl.link.v1.ResultFinal.$Shape|null;
                  ping?: crawl.link.v1.Ping.$Shape|null;
                  pong?: crawl.link.v1.Pong.$Shape|null;
                  draining?: crawl.link.v1.Draining.$Shape|null;
                  availability?: crawl.link.v1.Availability.$Shape|null;
                  streamOpened?: crawl.link.v1.StreamOpened.$Shape|null;
                  streamData?: crawl.link.v1.StreamData.$Shape|null;
                  streamCredit?: crawl.link.v1.StreamCredit.$Shape|null;
                  streamClose?: crawl.link.v1.StreamClose.$Shape|null;
                  batch?: crawl.link.v1.AgentBatch.$Shape|null;
                  upgradeReport?: crawl.link.v1.UpgradeReport.$Shape|null;
                  $unknowns?: Uint8Array[];
                } & (
                  ({ body?: undefined; hello?: null; accept?: null; reject?: null; chunk?: null; result?: null; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "hello"; hello: crawl.link.v1.Hello.$Shape; accept?: null; reject?: null; chunk?: null; result?: null; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "accept"; hello?: null; accept: crawl.link.v1.Accept.$Shape; reject?: null; chunk?: null; result?: null; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "reject"; hello?: null; accept?: null; reject: crawl.link.v1.Reject.$Shape; chunk?: null; result?: null; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "chunk"; hello?: null; accept?: null; reject?: null; chunk: crawl.link.v1.ResultChunk.$Shape; result?: null; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "result"; hello?: null; accept?: null; reject?: null; chunk?: null; result: crawl.link.v1.ResultFinal.$Shape; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "ping"; hello?: null; accept?: null; reject?: null; chunk?: null; result?: null; ping: crawl.link.v1.Ping.$Shape; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "pong"; hello?: null; accept?: null; reject?: null; chunk?: null; result?: null; ping?: null; pong: crawl.link.v1.Pong.$Shape; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "draining"; hello?: null; accept?: null; reject?: null; chunk?: null; result?: null; ping?: null; pong?: null; draining: crawl.link.v1.Draining.$Shape; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "availability"; hello?: null; accept?: null; reject?: null; chunk?: null; result?: null; ping?: null; pong?: null; draining?: null; availability: crawl.link.v1.Availability.$Shape; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "streamOpened"; hello?: null; accept?: null; reject?: null; chunk?: null; result?: null; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened: crawl.link.v1.StreamOpened.$Shape; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "streamData"; hello?: null; accept?: null; reject?: null; chunk?: null; result?: null; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData: crawl.link.v1.StreamData.$Shape; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "streamCredit"; hello?: null; accept?: null; reject?: null; chunk?: null; result?: null; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit: crawl.link.v1.StreamCredit.$Shape; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "streamClose"; hello?: null; accept?: null; reject?: null; chunk?: null; result?: null; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose: crawl.link.v1.StreamClose.$Shape; batch?: null; upgradeReport?: null }|{ body?: "batch"; hello?: null; accept?: null; reject?: null; chunk?: null; result?: null; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch: crawl.link.v1.AgentBatch.$Shape; upgradeReport?: null }|{ body?: "upgradeReport"; hello?: null; accept?: null; reject?: null; chunk?: null; result?: null; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport: crawl.link.v1.UpgradeReport.$Shape })
                );
            }

            /**
             * Properties of an AgentBatch.
             * @deprecated Use crawl.link.v1.AgentBatch.$Properties instead.
             */
            interface IAgentBatch extends crawl.link.v1.AgentBatch.$Properties {
            }

            /** Represents an AgentBatch. */
            class AgentBatch {

                /**
                 * Constructs a new AgentBatch.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.AgentBatch.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** AgentBatch frames. */
                frames: crawl.link.v1.AgentFrame.$Properties[];

                /**
                 * Creates a new AgentBatch instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns AgentBatch instance
                 */
                static create(properties: crawl.link.v1.AgentBatch.$Shape): crawl.link.v1.AgentBatch & crawl.link.v1.AgentBatch.$Shape;
                static create(properties?: crawl.link.v1.AgentBatch.$Properties): crawl.link.v1.AgentBatch;

                /**
                 * Encodes the specified AgentBatch message. Does not implicitly {@link crawl.link.v1.AgentBatch.verify|verify} messages.
                 * @param m AgentBatch message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.AgentBatch.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes an AgentBatch message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.AgentBatch & crawl.link.v1.AgentBatch.$Shape} AgentBatch
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.AgentBatch & crawl.link.v1.AgentBatch.$Shape;
            }

            namespace AgentBatch {

                /** Properties of an AgentBatch. */
                interface $Properties {

                    /** AgentBatch frames */
                    frames?: (crawl.link.v1.AgentFrame.$Properties[]|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of an AgentBatch. */
                type $Shape = {
                  frames?: crawl.link.v1.AgentFrame.$Shape[]|null;
                  $unknowns?: Uint8Array[];
                };
            }

            /**
             * Properties of a CoordinatorFrame.
             * @deprecated Use crawl.link.v1.CoordinatorFrame.$Properties instead.
             */
            interface ICoordinatorFrame extends crawl.link.v1.CoordinatorFrame.$Properties {
            }

            /** Represents a CoordinatorFrame. */
            class CoordinatorFrame {

                /**
                 * Constructs a new CoordinatorFrame.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.CoordinatorFrame.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** CoordinatorFrame welcome. */
                welcome?: (crawl.link.v1.Welcome.$Properties|null);

                /** CoordinatorFrame assign. */
                assign?: (crawl.link.v1.Assign.$Properties|null);

                /** CoordinatorFrame ack. */
                ack?: (crawl.link.v1.ResultAck.$Properties|null);

                /** CoordinatorFrame cancel. */
                cancel?: (crawl.link.v1.Cancel.$Properties|null);

                /** CoordinatorFrame ping. */
                ping?: (crawl.link.v1.Ping.$Properties|null);

                /** CoordinatorFrame pong. */
                pong?: (crawl.link.v1.Pong.$Properties|null);

                /** CoordinatorFrame drain. */
                drain?: (crawl.link.v1.Drain.$Properties|null);

                /** CoordinatorFrame sessionEnd. */
                sessionEnd?: (crawl.link.v1.SessionEnd.$Properties|null);

                /** CoordinatorFrame standing. */
                standing?: (crawl.link.v1.Standing.$Properties|null);

                /** CoordinatorFrame streamOpen. */
                streamOpen?: (crawl.link.v1.StreamOpen.$Properties|null);

                /** CoordinatorFrame streamData. */
                streamData?: (crawl.link.v1.StreamData.$Properties|null);

                /** CoordinatorFrame streamCredit. */
                streamCredit?: (crawl.link.v1.StreamCredit.$Properties|null);

                /** CoordinatorFrame streamClose. */
                streamClose?: (crawl.link.v1.StreamClose.$Properties|null);

                /** CoordinatorFrame batch. */
                batch?: (crawl.link.v1.CoordinatorBatch.$Properties|null);

                /** CoordinatorFrame upgrade. */
                upgrade?: (crawl.link.v1.UpgradeOffer.$Properties|null);

                /** CoordinatorFrame body. */
                body?: ("welcome"|"assign"|"ack"|"cancel"|"ping"|"pong"|"drain"|"sessionEnd"|"standing"|"streamOpen"|"streamData"|"streamCredit"|"streamClose"|"batch"|"upgrade");

                /**
                 * Creates a new CoordinatorFrame instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns CoordinatorFrame instance
                 */
                static create(properties: crawl.link.v1.CoordinatorFrame.$Shape): crawl.link.v1.CoordinatorFrame & crawl.link.v1.CoordinatorFrame.$Shape;
                static create(properties?: crawl.link.v1.CoordinatorFrame.$Properties): crawl.link.v1.CoordinatorFrame;

                /**
                 * Encodes the specified CoordinatorFrame message. Does not implicitly {@link crawl.link.v1.CoordinatorFrame.verify|verify} messages.
                 * @param m CoordinatorFrame message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.CoordinatorFrame.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a CoordinatorFrame message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.CoordinatorFrame & crawl.link.v1.CoordinatorFrame.$Shape} CoordinatorFrame
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.CoordinatorFrame & crawl.link.v1.CoordinatorFrame.$Shape;
            }

            namespace CoordinatorFrame {

                /** Properties of a CoordinatorFrame. */
                interface $Properties {

                    /** CoordinatorFrame welcome */
                    welcome?: (crawl.link.v1.Welcome.$Properties|null);

                    /** CoordinatorFrame assign */
                    assign?: (crawl.link.v1.Assign.$Properties|null);

                    /** CoordinatorFrame ack */
                    ack?: (crawl.link.v1.ResultAck.$Properties|null);

                    /** CoordinatorFrame cancel */
                    cancel?: (crawl.link.v1.Cancel.$Properties|null);

                    /** CoordinatorFrame ping */
                    ping?: (crawl.link.v1.Ping.$Properties|null);

                    /** CoordinatorFrame pong */
                    pong?: (crawl.link.v1.Pong.$Properties|null);

                    /** CoordinatorFrame drain */
                    drain?: (crawl.link.v1.Drain.$Properties|null);

                    /** CoordinatorFrame sessionEnd */
                    sessionEnd?: (crawl.link.v1.SessionEnd.$Properties|null);

                    /** CoordinatorFrame standing */
                    standing?: (crawl.link.v1.Standing.$Properties|null);

                    /** CoordinatorFrame streamOpen */
                    streamOpen?: (crawl.link.v1.StreamOpen.$Properties|null);

                    /** CoordinatorFrame streamData */
                    streamData?: (crawl.link.v1.StreamData.$Properties|null);

                    /** CoordinatorFrame streamCredit */
                    streamCredit?: (crawl.link.v1.StreamCredit.$Properties|null);

                    /** CoordinatorFrame streamClose */
                    streamClose?: (crawl.link.v1.StreamClose.$Properties|null);

                    /** CoordinatorFrame batch */
                    batch?: (crawl.link.v1.CoordinatorBatch.$Properties|null);

                    /** CoordinatorFrame upgrade */
                    upgrade?: (crawl.link.v1.UpgradeOffer.$Properties|null);

                    /** CoordinatorFrame body */
                    body?: ("welcome"|"assign"|"ack"|"cancel"|"ping"|"pong"|"drain"|"sessionEnd"|"standing"|"streamOpen"|"streamData"|"streamCredit"|"streamClose"|"batch"|"upgrade");

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Narrowed shape of a CoordinatorFrame. */
                type $Shape = {
                  welcome?: crawl.link.v1.Welcome.$Shape|null;
                  assign?: crawl.link.v1.Assign.$Shape|null;
                  ack?: crawl.link.v1.ResultAck.$Shape|null;
                  cancel?: crawl.link.v1.Cancel.$Shape|null;
                  ping?: crawl.link.v1.Ping.$Shape|null;
                  pong?: crawl.link.v1.Pong.$Shape|null;
                  drain?: crawl.link.v1.Drain.$Shape|null;
                  sessionEnd?: crawl.link.v1.SessionEnd.$Shape|null;
                  standing?: crawl.link.v1.Standing.$Shape|null;
                  streamOpen?: crawl.link.v1.StreamOpen.$Shape|null;
                  streamData?: crawl.link.v1.StreamData.$Shape|null;
                  streamCredit?: crawl.link.v1.StreamCredit.$Shape|null;
                  streamClose?: crawl.link.v1.StreamClose.$Shape|null;
                  batch?: crawl.link.v1.CoordinatorBatch.$Shape|null;
                  upgrade?: crawl.link.v1.UpgradeOffer.$Shape|null;
                  $unknowns?: Uint8Array[];
                } & (
                  ({ body?: undefined; welcome?: null; assign?: null; ack?: null; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "welcome"; welcome: crawl.link.v1.Welcome.$Shape; assign?: null; ack?: null; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "assign"; welcome?: null; assign: crawl.link.v1.Assign.$Shape; ack?: null; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "ack"; welcome?: null; assign?: null; ack: crawl.link.v1.ResultAck.$Shape; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "cancel"; welcome?: null; assign?: null; ack?: null; cancel: crawl.link.v1.Cancel.$Shape; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "ping"; welcome?: null; assign?: null; ack?: null; cancel?: null; ping: crawl.link.v1.Ping.$Shape; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "pong"; welcome?: null; assign?: null; ack?: null; cancel?: null; ping?: null; pong: crawl.link.v1.Pong.$Shape; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "drain"; welcome?: null; assign?: null; ack?: null; cancel?: null; ping?: null; pong?: null; drain: crawl.link.v1.Drain.$Shape; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "sessionEnd"; welcome?: null; assign?: null; ack?: null; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd: crawl.link.v1.SessionEnd.$Shape; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "standing"; welcome?: null; assign?: null; ack?: null; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing: crawl.link.v1.Standing.$Shape; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "streamOpen"; welcome?: null; assign?: null; ack?: null; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen: crawl.link.v1.StreamOpen.$Shape; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "streamData"; welcome?: null; assign?: null; ack?: null; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData: crawl.link.v1.StreamData.$Shape; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "streamCredit"; welcome?: null; assign?: null; ack?: null; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit: crawl.link.v1.StreamCredit.$Shape; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "streamClose"; welcome?: null; assign?: null; ack?: null; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose: crawl.link.v1.StreamClose.$Shape; batch?: null; upgrade?: null }|{ body?: "batch"; welcome?: null; assign?: null; ack?: null; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch: crawl.link.v1.CoordinatorBatch.$Shape; upgrade?: null }|{ body?: "upgrade"; welcome?: null; assign?: null; ack?: null; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade: crawl.link.v1.UpgradeOffer.$Shape })
                );
            }

            /**
             * Properties of a CoordinatorBatch.
             * @deprecated Use crawl.link.v1.CoordinatorBatch.$Properties instead.
             */
            interface ICoordinatorBatch extends crawl.link.v1.CoordinatorBatch.$Properties {
            }

            /** Represents a CoordinatorBatch. */
            class CoordinatorBatch {

                /**
                 * Constructs a new CoordinatorBatch.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.CoordinatorBatch.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** CoordinatorBatch frames. */
                frames: crawl.link.v1.CoordinatorFrame.$Properties[];

                /**
                 * Creates a new CoordinatorBatch instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns CoordinatorBatch instance
                 */
                static create(properties: crawl.link.v1.CoordinatorBatch.$Shape): crawl.link.v1.CoordinatorBatch & crawl.link.v1.CoordinatorBatch.$Shape;
                static create(properties?: crawl.link.v1.CoordinatorBatch.$Properties): crawl.link.v1.CoordinatorBatch;

                /**
                 * Encodes the specified CoordinatorBatch message. Does not implicitly {@link crawl.link.v1.CoordinatorBatch.verify|verify} messages.
                 * @param m CoordinatorBatch message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.CoordinatorBatch.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a CoordinatorBatch message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.CoordinatorBatch & crawl.link.v1.CoordinatorBatch.$Shape} CoordinatorBatch
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.CoordinatorBatch & crawl.link.v1.CoordinatorBatch.$Shape;
            }

            namespace CoordinatorBatch {

                /** Properties of a CoordinatorBatch. */
                interface $Properties {

                    /** CoordinatorBatch frames */
                    frames?: (crawl.link.v1.CoordinatorFrame.$Properties[]|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a CoordinatorBatch. */
                type $Shape = {
                  frames?: crawl.link.v1.CoordinatorFrame.$Shape[]|null;
                  $unknowns?: Uint8Array[];
                };
            }

            /**
             * Properties of a Location.
             * @deprecated Use crawl.link.v1.Location.$Properties instead.
             */
            interface ILocation extends crawl.link.v1.Location.$Properties {
            }

            /** Represents a Location. */
            class Location {

                /**
                 * Constructs a new Location.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.Location.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** Location country. */
                country: string;

                /** Location region. */
                region: string;

                /** Location city. */
                city: string;

                /**
                 * Creates a new Location instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns Location instance
                 */
                static create(properties: crawl.link.v1.Location.$Shape): crawl.link.v1.Location & crawl.link.v1.Location.$Shape;
                static create(properties?: crawl.link.v1.Location.$Properties): crawl.link.v1.Location;

                /**
                 * Encodes the specified Location message. Does not implicitly {@link crawl.link.v1.Location.verify|verify} messages.
                 * @param m Location message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.Location.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a Location message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Location & crawl.link.v1.Location.$Shape} Location
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.Location & crawl.link.v1.Location.$Shape;
            }

            namespace Location {

                /** Properties of a Location. */
                interface $Properties {

                    /** Location country */
                    country?: (string|null);

                    /** Location region */
                    region?: (string|null);

                    /** Location city */
                    city?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a Location. */
                type $Shape = crawl.link.v1.Location.$Properties;
            }

            /**
             * Properties of a Capabilities.
             * @deprecated Use crawl.link.v1.Capabilities.$Properties instead.
             */
            interface ICapabilities extends crawl.link.v1.Capabilities.$Properties {
            }

            /** Represents a Capabilities. */
            class Capabilities {

                /**
                 * Constructs a new Capabilities.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.Capabilities.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** Capabilities methods. */
                methods: string[];

                /** Capabilities maxConcurrent. */
                maxConcurrent: number;

                /** Capabilities browserVersion. */
                browserVersion: string;

                /** Capabilities maxBodyBytes. */
                maxBodyBytes: number;

                /** Capabilities pageFeatures. */
                pageFeatures: string[];

                /**
                 * Creates a new Capabilities instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns Capabilities instance
                 */
                static create(properties: crawl.link.v1.Capabilities.$Shape): crawl.link.v1.Capabilities & crawl.link.v1.Capabilities.$Shape;
                static create(properties?: crawl.link.v1.Capabilities.$Properties): crawl.link.v1.Capabilities;

                /**
                 * Encodes the specified Capabilities message. Does not implicitly {@link crawl.link.v1.Capabilities.verify|verify} messages.
                 * @param m Capabilities message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.Capabilities.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a Capabilities message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Capabilities & crawl.link.v1.Capabilities.$Shape} Capabilities
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.Capabilities & crawl.link.v1.Capabilities.$Shape;
            }

            namespace Capabilities {

                /** Properties of a Capabilities. */
                interface $Properties {

                    /** Capabilities methods */
                    methods?: (string[]|null);

                    /** Capabilities maxConcurrent */
                    maxConcurrent?: (number|null);

                    /** Capabilities browserVersion */
                    browserVersion?: (string|null);

                    /** Capabilities maxBodyBytes */
                    maxBodyBytes?: (number|null);

                    /** Capabilities pageFeatures */
                    pageFeatures?: (string[]|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a Capabilities. */
                type $Shape = crawl.link.v1.Capabilities.$Properties;
            }

            /**
             * Properties of a JobRef.
             * @deprecated Use crawl.link.v1.JobRef.$Properties instead.
             */
            interface IJobRef extends crawl.link.v1.JobRef.$Properties {
            }

            /** Represents a JobRef. */
            class JobRef {

                /**
                 * Constructs a new JobRef.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.JobRef.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** JobRef jobId. */
                jobId: string;

                /** JobRef attempt. */
                attempt: number;

                /**
                 * Creates a new JobRef instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns JobRef instance
                 */
                static create(properties: crawl.link.v1.JobRef.$Shape): crawl.link.v1.JobRef & crawl.link.v1.JobRef.$Shape;
                static create(properties?: crawl.link.v1.JobRef.$Properties): crawl.link.v1.JobRef;

                /**
                 * Encodes the specified JobRef message. Does not implicitly {@link crawl.link.v1.JobRef.verify|verify} messages.
                 * @param m JobRef message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.JobRef.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a JobRef message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.JobRef & crawl.link.v1.JobRef.$Shape} JobRef
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.JobRef & crawl.link.v1.JobRef.$Shape;
            }

            namespace JobRef {

                /** Properties of a JobRef. */
                interface $Properties {

                    /** JobRef jobId */
                    jobId?: (string|null);

                    /** JobRef attempt */
                    attempt?: (number|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a JobRef. */
                type $Shape = crawl.link.v1.JobRef.$Properties;
            }

            /**
             * Properties of a Hello.
             * @deprecated Use crawl.link.v1.Hello.$Properties instead.
             */
            interface IHello extends crawl.link.v1.Hello.$Properties {
            }

            /** Represents a Hello. */
            class Hello {

                /**
                 * Constructs a new Hello.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.Hello.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** Hello protocolVersion. */
                protocolVersion: number;

                /** Hello deviceId. */
                deviceId: string;

                /** Hello agentVersion. */
                agentVersion: string;

                /** Hello capabilities. */
                capabilities?: (crawl.link.v1.Capabilities.$Properties|null);

                /** Hello location. */
                location?: (crawl.link.v1.Location.$Properties|null);

                /** Hello deviceType. */
                deviceType: string;

                /** Hello networkType. */
                networkType: string;

                /** Hello running. */
                running: crawl.link.v1.JobRef.$Properties[];

                /** Hello draining. */
                draining: boolean;

                /** Hello ownerControls. */
                ownerControls?: (crawl.link.v1.OwnerControls.$Properties|null);

                /** Hello proxy. */
                proxy?: (crawl.link.v1.ProxyOffer.$Properties|null);

                /** Hello batchFrames. */
                batchFrames: boolean;

                /**
                 * Creates a new Hello instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns Hello instance
                 */
                static create(properties: crawl.link.v1.Hello.$Shape): crawl.link.v1.Hello & crawl.link.v1.Hello.$Shape;
                static create(properties?: crawl.link.v1.Hello.$Properties): crawl.link.v1.Hello;

                /**
                 * Encodes the specified Hello message. Does not implicitly {@link crawl.link.v1.Hello.verify|verify} messages.
                 * @param m Hello message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.Hello.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a Hello message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Hello & crawl.link.v1.Hello.$Shape} Hello
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.Hello & crawl.link.v1.Hello.$Shape;
            }

            namespace Hello {

                /** Properties of a Hello. */
                interface $Properties {

                    /** Hello protocolVersion */
                    protocolVersion?: (number|null);

                    /** Hello deviceId */
                    deviceId?: (string|null);

                    /** Hello agentVersion */
                    agentVersion?: (string|null);

                    /** Hello capabilities */
                    capabilities?: (crawl.link.v1.Capabilities.$Properties|null);

                    /** Hello location */
                    location?: (crawl.link.v1.Location.$Properties|null);

                    /** Hello deviceType */
                    deviceType?: (string|null);

                    /** Hello networkType */
                    networkType?: (string|null);

                    /** Hello running */
                    running?: (crawl.link.v1.JobRef.$Properties[]|null);

                    /** Hello draining */
                    draining?: (boolean|null);

                    /** Hello ownerControls */
                    ownerControls?: (crawl.link.v1.OwnerControls.$Properties|null);

                    /** Hello proxy */
                    proxy?: (crawl.link.v1.ProxyOffer.$Properties|null);

                    /** Hello batchFrames */
                    batchFrames?: (boolean|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a Hello. */
                type $Shape = crawl.link.v1.Hello.$Properties;
            }

            /**
             * Properties of a ProxyOffer.
             * @deprecated Use crawl.link.v1.ProxyOffer.$Properties instead.
             */
            interface IProxyOffer extends crawl.link.v1.ProxyOffer.$Properties {
            }

            /** Represents a ProxyOffer. */
            class ProxyOffer {

                /**
                 * Constructs a new ProxyOffer.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.ProxyOffer.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** ProxyOffer ports. */
                ports: number[];

                /** ProxyOffer maxStreams. */
                maxStreams: number;

                /**
                 * Creates a new ProxyOffer instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns ProxyOffer instance
                 */
                static create(properties: crawl.link.v1.ProxyOffer.$Shape): crawl.link.v1.ProxyOffer & crawl.link.v1.ProxyOffer.$Shape;
                static create(properties?: crawl.link.v1.ProxyOffer.$Properties): crawl.link.v1.ProxyOffer;

                /**
                 * Encodes the specified ProxyOffer message. Does not implicitly {@link crawl.link.v1.ProxyOffer.verify|verify} messages.
                 * @param m ProxyOffer message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.ProxyOffer.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a ProxyOffer message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.ProxyOffer & crawl.link.v1.ProxyOffer.$Shape} ProxyOffer
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.ProxyOffer & crawl.link.v1.ProxyOffer.$Shape;
            }

            namespace ProxyOffer {

                /** Properties of a ProxyOffer. */
                interface $Properties {

                    /** ProxyOffer ports */
                    ports?: (number[]|null);

                    /** ProxyOffer maxStreams */
                    maxStreams?: (number|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a ProxyOffer. */
                type $Shape = crawl.link.v1.ProxyOffer.$Properties;
            }

            /**
             * Properties of an HourWindow.
             * @deprecated Use crawl.link.v1.HourWindow.$Properties instead.
             */
            interface IHourWindow extends crawl.link.v1.HourWindow.$Properties {
            }

            /** Represents an HourWindow. */
            class HourWindow {

                /**
                 * Constructs a new HourWindow.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.HourWindow.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** HourWindow startMinute. */
                startMinute: number;

                /** HourWindow endMinute. */
                endMinute: number;

                /**
                 * Creates a new HourWindow instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns HourWindow instance
                 */
                static create(properties: crawl.link.v1.HourWindow.$Shape): crawl.link.v1.HourWindow & crawl.link.v1.HourWindow.$Shape;
                static create(properties?: crawl.link.v1.HourWindow.$Properties): crawl.link.v1.HourWindow;

                /**
                 * Encodes the specified HourWindow message. Does not implicitly {@link crawl.link.v1.HourWindow.verify|verify} messages.
                 * @param m HourWindow message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.HourWindow.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes an HourWindow message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.HourWindow & crawl.link.v1.HourWindow.$Shape} HourWindow
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.HourWindow & crawl.link.v1.HourWindow.$Shape;
            }

            namespace HourWindow {

                /** Properties of an HourWindow. */
                interface $Properties {

                    /** HourWindow startMinute */
                    startMinute?: (number|null);

                    /** HourWindow endMinute */
                    endMinute?: (number|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of an HourWindow. */
                type $Shape = crawl.link.v1.HourWindow.$Properties;
            }

            /**
             * Properties of an OwnerControls.
             * @deprecated Use crawl.link.v1.OwnerControls.$Properties instead.
             */
            interface IOwnerControls extends crawl.link.v1.OwnerControls.$Properties {
            }

            /** Represents an OwnerControls. */
            class OwnerControls {

                /**
                 * Constructs a new OwnerControls.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.OwnerControls.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** OwnerControls maxJobsPerMinute. */
                maxJobsPerMinute: number;

                /** OwnerControls maxBytesPerDay. */
                maxBytesPerDay: number;

                /** OwnerControls allowedHours. */
                allowedHours: crawl.link.v1.HourWindow.$Properties[];

                /** OwnerControls utcOffsetMinutes. */
                utcOffsetMinutes: number;

                /** OwnerControls allowDomains. */
                allowDomains: string[];

                /** OwnerControls denyDomains. */
                denyDomains: string[];

                /** OwnerControls paused. */
                paused: boolean;

                /** OwnerControls bytesToday. */
                bytesToday: number;

                /** OwnerControls proxy. */
                proxy: boolean;

                /**
                 * Creates a new OwnerControls instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns OwnerControls instance
                 */
                static create(properties: crawl.link.v1.OwnerControls.$Shape): crawl.link.v1.OwnerControls & crawl.link.v1.OwnerControls.$Shape;
                static create(properties?: crawl.link.v1.OwnerControls.$Properties): crawl.link.v1.OwnerControls;

                /**
                 * Encodes the specified OwnerControls message. Does not implicitly {@link crawl.link.v1.OwnerControls.verify|verify} messages.
                 * @param m OwnerControls message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.OwnerControls.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes an OwnerControls message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.OwnerControls & crawl.link.v1.OwnerControls.$Shape} OwnerControls
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.OwnerControls & crawl.link.v1.OwnerControls.$Shape;
            }

            namespace OwnerControls {

                /** Properties of an OwnerControls. */
                interface $Properties {

                    /** OwnerControls maxJobsPerMinute */
                    maxJobsPerMinute?: (number|null);

                    /** OwnerControls maxBytesPerDay */
                    maxBytesPerDay?: (number|null);

                    /** OwnerControls allowedHours */
                    allowedHours?: (crawl.link.v1.HourWindow.$Properties[]|null);

                    /** OwnerControls utcOffsetMinutes */
                    utcOffsetMinutes?: (number|null);

                    /** OwnerControls allowDomains */
                    allowDomains?: (string[]|null);

                    /** OwnerControls denyDomains */
                    denyDomains?: (string[]|null);

                    /** OwnerControls paused */
                    paused?: (boolean|null);

                    /** OwnerControls bytesToday */
                    bytesToday?: (number|null);

                    /** OwnerControls proxy */
                    proxy?: (boolean|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of an OwnerControls. */
                type $Shape = crawl.link.v1.OwnerControls.$Properties;
            }

            /**
             * Properties of a Welcome.
             * @deprecated Use crawl.link.v1.Welcome.$Properties instead.
             */
            interface IWelcome extends crawl.link.v1.Welcome.$Properties {
            }

            /** Represents a Welcome. */
            class Welcome {

                /**
                 * Constructs a new Welcome.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.Welcome.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** Welcome coordinatorId. */
                coordinatorId: string;

                /** Welcome heartbeatIntervalMs. */
                heartbeatIntervalMs: number;

                /** Welcome maxFrameBytes. */
                maxFrameBytes: number;

                /** Welcome maxChunkBytes. */
                maxChunkBytes: number;

                /** Welcome serverTimeMs. */
                serverTimeMs: number;

                /** Welcome inlineParts. */
                inlineParts: boolean;

                /** Welcome streamWindowBytes. */
                streamWindowBytes: number;

                /** Welcome batchFrames. */
                batchFrames: boolean;

                /**
                 * Creates a new Welcome instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns Welcome instance
                 */
                static create(properties: crawl.link.v1.Welcome.$Shape): crawl.link.v1.Welcome & crawl.link.v1.Welcome.$Shape;
                static create(properties?: crawl.link.v1.Welcome.$Properties): crawl.link.v1.Welcome;

                /**
                 * Encodes the specified Welcome message. Does not implicitly {@link crawl.link.v1.Welcome.verify|verify} messages.
                 * @param m Welcome message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.Welcome.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a Welcome message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Welcome & crawl.link.v1.Welcome.$Shape} Welcome
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.Welcome & crawl.link.v1.Welcome.$Shape;
            }

            namespace Welcome {

                /** Properties of a Welcome. */
                interface $Properties {

                    /** Welcome coordinatorId */
                    coordinatorId?: (string|null);

                    /** Welcome heartbeatIntervalMs */
                    heartbeatIntervalMs?: (number|null);

                    /** Welcome maxFrameBytes */
                    maxFrameBytes?: (number|null);

                    /** Welcome maxChunkBytes */
                    maxChunkBytes?: (number|null);

                    /** Welcome serverTimeMs */
                    serverTimeMs?: (number|null);

                    /** Welcome inlineParts */
                    inlineParts?: (boolean|null);

                    /** Welcome streamWindowBytes */
                    streamWindowBytes?: (number|null);

                    /** Welcome batchFrames */
                    batchFrames?: (boolean|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a Welcome. */
                type $Shape = crawl.link.v1.Welcome.$Properties;
            }

            /**
             * Properties of a Header.
             * @deprecated Use crawl.link.v1.Header.$Properties instead.
             */
            interface IHeader extends crawl.link.v1.Header.$Properties {
            }

            /** Represents a Header. */
            class Header {

                /**
                 * Constructs a new Header.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.Header.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** Header name. */
                name: string;

                /** Header value. */
                value: string;

                /**
                 * Creates a new Header instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns Header instance
                 */
                static create(properties: crawl.link.v1.Header.$Shape): crawl.link.v1.Header & crawl.link.v1.Header.$Shape;
                static create(properties?: crawl.link.v1.Header.$Properties): crawl.link.v1.Header;

                /**
                 * Encodes the specified Header message. Does not implicitly {@link crawl.link.v1.Header.verify|verify} messages.
                 * @param m Header message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.Header.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a Header message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Header & crawl.link.v1.Header.$Shape} Header
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.Header & crawl.link.v1.Header.$Shape;
            }

            namespace Header {

                /** Properties of a Header. */
                interface $Properties {

                    /** Header name */
                    name?: (string|null);

                    /** Header value */
                    value?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a Header. */
                type $Shape = crawl.link.v1.Header.$Properties;
            }

            /**
             * Properties of an InputCookie.
             * @deprecated Use crawl.link.v1.InputCookie.$Properties instead.
             */
            interface IInputCookie extends crawl.link.v1.InputCookie.$Properties {
            }

            /** Represents an InputCookie. */
            class InputCookie {

                /**
                 * Constructs a new InputCookie.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.InputCookie.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** InputCookie name. */
                name: string;

                /** InputCookie value. */
                value: string;

                /** InputCookie domain. */
                domain: string;

                /** InputCookie path. */
                path: string;

                /** InputCookie secure. */
                secure: boolean;

                /** InputCookie httpOnly. */
                httpOnly: boolean;

                /** InputCookie sameSite. */
                sameSite: string;

                /** InputCookie expiresMs. */
                expiresMs: number;

                /**
                 * Creates a new InputCookie instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns InputCookie instance
                 */
                static create(properties: crawl.link.v1.InputCookie.$Shape): crawl.link.v1.InputCookie & crawl.link.v1.InputCookie.$Shape;
                static create(properties?: crawl.link.v1.InputCookie.$Properties): crawl.link.v1.InputCookie;

                /**
                 * Encodes the specified InputCookie message. Does not implicitly {@link crawl.link.v1.InputCookie.verify|verify} messages.
                 * @param m InputCookie message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.InputCookie.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes an InputCookie message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.InputCookie & crawl.link.v1.InputCookie.$Shape} InputCookie
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.InputCookie & crawl.link.v1.InputCookie.$Shape;
            }

            namespace InputCookie {

                /** Properties of an InputCookie. */
                interface $Properties {

                    /** InputCookie name */
                    name?: (string|null);

                    /** InputCookie value */
                    value?: (string|null);

                    /** InputCookie domain */
                    domain?: (string|null);

                    /** InputCookie path */
                    path?: (string|null);

                    /** InputCookie secure */
                    secure?: (boolean|null);

                    /** InputCookie httpOnly */
                    httpOnly?: (boolean|null);

                    /** InputCookie sameSite */
                    sameSite?: (string|null);

                    /** InputCookie expiresMs */
                    expiresMs?: (number|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of an InputCookie. */
                type $Shape = crawl.link.v1.InputCookie.$Properties;
            }

            /**
             * Properties of a JobRequest.
             * @deprecated Use crawl.link.v1.JobRequest.$Properties instead.
             */
            interface IJobRequest extends crawl.link.v1.JobRequest.$Properties {
            }

            /** Represents a JobRequest. */
            class JobRequest {

                /**
                 * Constructs a new JobRequest.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.JobRequest.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** JobRequest method. */
                method: string;

                /** JobRequest url. */
                url: string;

                /** JobRequest timeoutMs. */
                timeoutMs: number;

                /** JobRequest headers. */
                headers: crawl.link.v1.Header.$Properties[];

                /** JobRequest body. */
                body: Uint8Array;

                /** JobRequest cookies. */
                cookies: crawl.link.v1.InputCookie.$Properties[];

                /** JobRequest sessionId. */
                sessionId: string;

                /** JobRequest deviceType. */
                deviceType: string;

                /** JobRequest measure. */
                measure?: (crawl.link.v1.MeasureRequest.$Properties|null);

                /** JobRequest actionsJson. */
                actionsJson: string;

                /** JobRequest extractJson. */
                extractJson: string;

                /** JobRequest har. */
                har: boolean;

                /** JobRequest pdf. */
                pdf?: (crawl.link.v1.PdfOptions.$Properties|null);

                /** JobRequest audits. */
                audits: string[];

                /** JobRequest collectLinks. */
                collectLinks: boolean;

                /**
                 * Creates a new JobRequest instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns JobRequest instance
                 */
                static create(properties: crawl.link.v1.JobRequest.$Shape): crawl.link.v1.JobRequest & crawl.link.v1.JobRequest.$Shape;
                static create(properties?: crawl.link.v1.JobRequest.$Properties): crawl.link.v1.JobRequest;

                /**
                 * Encodes the specified JobRequest message. Does not implicitly {@link crawl.link.v1.JobRequest.verify|verify} messages.
                 * @param m JobRequest message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.JobRequest.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a JobRequest message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.JobRequest & crawl.link.v1.JobRequest.$Shape} JobRequest
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.JobRequest & crawl.link.v1.JobRequest.$Shape;
            }

            namespace JobRequest {

                /** Properties of a JobRequest. */
                interface $Properties {

                    /** JobRequest method */
                    method?: (string|null);

                    /** JobRequest url */
                    url?: (string|null);

                    /** JobRequest timeoutMs */
                    timeoutMs?: (number|null);

                    /** JobRequest headers */
                    headers?: (crawl.link.v1.Header.$Properties[]|null);

                    /** JobRequest body */
                    body?: (Uint8Array|null);

                    /** JobRequest cookies */
                    cookies?: (crawl.link.v1.InputCookie.$Properties[]|null);

                    /** JobRequest sessionId */
                    sessionId?: (string|null);

                    /** JobRequest deviceType */
                    deviceType?: (string|null);

                    /** JobRequest measure */
                    measure?: (crawl.link.v1.MeasureRequest.$Properties|null);

                    /** JobRequest actionsJson */
                    actionsJson?: (string|null);

                    /** JobRequest extractJson */
                    extractJson?: (string|null);

                    /** JobRequest har */
                    har?: (boolean|null);

                    /** JobRequest pdf */
                    pdf?: (crawl.link.v1.PdfOptions.$Properties|null);

                    /** JobRequest audits */
                    audits?: (string[]|null);

                    /** JobRequest collectLinks */
                    collectLinks?: (boolean|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a JobRequest. */
                type $Shape = crawl.link.v1.JobRequest.$Properties;
            }

            /**
             * Properties of a PdfOptions.
             * @deprecated Use crawl.link.v1.PdfOptions.$Properties instead.
             */
            interface IPdfOptions extends crawl.link.v1.PdfOptions.$Properties {
            }

            /** Represents a PdfOptions. */
            class PdfOptions {

                /**
                 * Constructs a new PdfOptions.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.PdfOptions.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** PdfOptions format. */
                format: string;

                /** PdfOptions landscape. */
                landscape: boolean;

                /** PdfOptions printBackground. */
                printBackground: boolean;

                /**
                 * Creates a new PdfOptions instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns PdfOptions instance
                 */
                static create(properties: crawl.link.v1.PdfOptions.$Shape): crawl.link.v1.PdfOptions & crawl.link.v1.PdfOptions.$Shape;
                static create(properties?: crawl.link.v1.PdfOptions.$Properties): crawl.link.v1.PdfOptions;

                /**
                 * Encodes the specified PdfOptions message. Does not implicitly {@link crawl.link.v1.PdfOptions.verify|verify} messages.
                 * @param m PdfOptions message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.PdfOptions.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a PdfOptions message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.PdfOptions & crawl.link.v1.PdfOptions.$Shape} PdfOptions
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.PdfOptions & crawl.link.v1.PdfOptions.$Shape;
            }

            namespace PdfOptions {

                /** Properties of a PdfOptions. */
                interface $Properties {

                    /** PdfOptions format */
                    format?: (string|null);

                    /** PdfOptions landscape */
                    landscape?: (boolean|null);

                    /** PdfOptions printBackground */
                    printBackground?: (boolean|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a PdfOptions. */
                type $Shape = crawl.link.v1.PdfOptions.$Properties;
            }

            /**
             * Properties of an ActionOutcome.
             * @deprecated Use crawl.link.v1.ActionOutcome.$Properties instead.
             */
            interface IActionOutcome extends crawl.link.v1.ActionOutcome.$Properties {
            }

            /** Represents an ActionOutcome. */
            class ActionOutcome {

                /**
                 * Constructs a new ActionOutcome.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.ActionOutcome.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** ActionOutcome index. */
                index: number;

                /** ActionOutcome type. */
                type: string;

                /** ActionOutcome status. */
                status: string;

                /** ActionOutcome error. */
                error: string;

                /** ActionOutcome durationMs. */
                durationMs: number;

                /** ActionOutcome name. */
                name: string;

                /** ActionOutcome resultJson. */
                resultJson: string;

                /** ActionOutcome count. */
                count: number;

                /** ActionOutcome optional. */
                optional: boolean;

                /**
                 * Creates a new ActionOutcome instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns ActionOutcome instance
                 */
                static create(properties: crawl.link.v1.ActionOutcome.$Shape): crawl.link.v1.ActionOutcome & crawl.link.v1.ActionOutcome.$Shape;
                static create(properties?: crawl.link.v1.ActionOutcome.$Properties): crawl.link.v1.ActionOutcome;

                /**
                 * Encodes the specified ActionOutcome message. Does not implicitly {@link crawl.link.v1.ActionOutcome.verify|verify} messages.
                 * @param m ActionOutcome message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.ActionOutcome.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes an ActionOutcome message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.ActionOutcome & crawl.link.v1.ActionOutcome.$Shape} ActionOutcome
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.ActionOutcome & crawl.link.v1.ActionOutcome.$Shape;
            }

            namespace ActionOutcome {

                /** Properties of an ActionOutcome. */
                interface $Properties {

                    /** ActionOutcome index */
                    index?: (number|null);

                    /** ActionOutcome type */
                    type?: (string|null);

                    /** ActionOutcome status */
                    status?: (string|null);

                    /** ActionOutcome error */
                    error?: (string|null);

                    /** ActionOutcome durationMs */
                    durationMs?: (number|null);

                    /** ActionOutcome name */
                    name?: (string|null);

                    /** ActionOutcome resultJson */
                    resultJson?: (string|null);

                    /** ActionOutcome count */
                    count?: (number|null);

                    /** ActionOutcome optional */
                    optional?: (boolean|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of an ActionOutcome. */
                type $Shape = crawl.link.v1.ActionOutcome.$Properties;
            }

            /** MeasureType enum. */
            enum MeasureType {

                /** MEASURE_TYPE_UNSPECIFIED value */
                MEASURE_TYPE_UNSPECIFIED = 0,

                /** MEASURE_TYPE_DNS value */
                MEASURE_TYPE_DNS = 1,

                /** MEASURE_TYPE_PING value */
                MEASURE_TYPE_PING = 2,

                /** MEASURE_TYPE_TRACEROUTE value */
                MEASURE_TYPE_TRACEROUTE = 3,

                /** MEASURE_TYPE_MTR value */
                MEASURE_TYPE_MTR = 4,

                /** MEASURE_TYPE_TLS value */
                MEASURE_TYPE_TLS = 5
            }

            /** MeasureProtocol enum. */
            enum MeasureProtocol {

                /** MEASURE_PROTOCOL_UNSPECIFIED value */
                MEASURE_PROTOCOL_UNSPECIFIED = 0,

                /** MEASURE_PROTOCOL_ICMP value */
                MEASURE_PROTOCOL_ICMP = 1,

                /** MEASURE_PROTOCOL_UDP value */
                MEASURE_PROTOCOL_UDP = 2,

                /** MEASURE_PROTOCOL_TCP value */
                MEASURE_PROTOCOL_TCP = 3
            }

            /**
             * Properties of a MeasureRequest.
             * @deprecated Use crawl.link.v1.MeasureRequest.$Properties instead.
             */
            interface IMeasureRequest extends crawl.link.v1.MeasureRequest.$Properties {
            }

            /** Represents a MeasureRequest. */
            class MeasureRequest {

                /**
                 * Constructs a new MeasureRequest.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.MeasureRequest.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** MeasureRequest type. */
                type: crawl.link.v1.MeasureType;

                /** MeasureRequest target. */
                target: string;

                /** MeasureRequest protocol. */
                protocol: crawl.link.v1.MeasureProtocol;

                /** MeasureRequest port. */
                port: number;

                /** MeasureRequest packets. */
                packets: number;

                /** MeasureRequest maxHops. */
                maxHops: number;

                /** MeasureRequest recordType. */
                recordType: string;

                /** MeasureRequest resolver. */
                resolver: string;

                /** MeasureRequest resolverPort. */
                resolverPort: number;

                /** MeasureRequest serverName. */
                serverName: string;

                /** MeasureRequest ipVersion. */
                ipVersion: number;

                /**
                 * Creates a new MeasureRequest instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns MeasureRequest instance
                 */
                static create(properties: crawl.link.v1.MeasureRequest.$Shape): crawl.link.v1.MeasureRequest & crawl.link.v1.MeasureRequest.$Shape;
                static create(properties?: crawl.link.v1.MeasureRequest.$Properties): crawl.link.v1.MeasureRequest;

                /**
                 * Encodes the specified MeasureRequest message. Does not implicitly {@link crawl.link.v1.MeasureRequest.verify|verify} messages.
                 * @param m MeasureRequest message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.MeasureRequest.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a MeasureRequest message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.MeasureRequest & crawl.link.v1.MeasureRequest.$Shape} MeasureRequest
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.MeasureRequest & crawl.link.v1.MeasureRequest.$Shape;
            }

            namespace MeasureRequest {

                /** Properties of a MeasureRequest. */
                interface $Properties {

                    /** MeasureRequest type */
                    type?: (crawl.link.v1.MeasureType|null);

                    /** MeasureRequest target */
                    target?: (string|null);

                    /** MeasureRequest protocol */
                    protocol?: (crawl.link.v1.MeasureProtocol|null);

                    /** MeasureRequest port */
                    port?: (number|null);

                    /** MeasureRequest packets */
                    packets?: (number|null);

                    /** MeasureRequest maxHops */
                    maxHops?: (number|null);

                    /** MeasureRequest recordType */
                    recordType?: (string|null);

                    /** MeasureRequest resolver */
                    resolver?: (string|null);

                    /** MeasureRequest resolverPort */
                    resolverPort?: (number|null);

                    /** MeasureRequest serverName */
                    serverName?: (string|null);

                    /** MeasureRequest ipVersion */
                    ipVersion?: (number|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a MeasureRequest. */
                type $Shape = crawl.link.v1.MeasureRequest.$Properties;
            }

            /**
             * Properties of a MeasureHop.
             * @deprecated Use crawl.link.v1.MeasureHop.$Properties instead.
             */
            interface IMeasureHop extends crawl.link.v1.MeasureHop.$Properties {
            }

            /** Represents a MeasureHop. */
            class MeasureHop {

                /**
                 * Constructs a new MeasureHop.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.MeasureHop.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** MeasureHop ttl. */
                ttl: number;

                /** MeasureHop address. */
                address: string;

                /** MeasureHop hostName. */
                hostName: string;

                /** MeasureHop rttsMs. */
                rttsMs: number[];

                /** MeasureHop sent. */
                sent: number;

                /** MeasureHop received. */
                received: number;

                /** MeasureHop lossPercent. */
                lossPercent: number;

                /** MeasureHop minMs. */
                minMs: number;

                /** MeasureHop avgMs. */
                avgMs: number;

                /** MeasureHop maxMs. */
                maxMs: number;

                /** MeasureHop stdevMs. */
                stdevMs: number;

                /**
                 * Creates a new MeasureHop instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns MeasureHop instance
                 */
                static create(properties: crawl.link.v1.MeasureHop.$Shape): crawl.link.v1.MeasureHop & crawl.link.v1.MeasureHop.$Shape;
                static create(properties?: crawl.link.v1.MeasureHop.$Properties): crawl.link.v1.MeasureHop;

                /**
                 * Encodes the specified MeasureHop message. Does not implicitly {@link crawl.link.v1.MeasureHop.verify|verify} messages.
                 * @param m MeasureHop message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.MeasureHop.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a MeasureHop message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.MeasureHop & crawl.link.v1.MeasureHop.$Shape} MeasureHop
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.MeasureHop & crawl.link.v1.MeasureHop.$Shape;
            }

            namespace MeasureHop {

                /** Properties of a MeasureHop. */
                interface $Properties {

                    /** MeasureHop ttl */
                    ttl?: (number|null);

                    /** MeasureHop address */
                    address?: (string|null);

                    /** MeasureHop hostName */
                    hostName?: (string|null);

                    /** MeasureHop rttsMs */
                    rttsMs?: (number[]|null);

                    /** MeasureHop sent */
                    sent?: (number|null);

                    /** MeasureHop received */
                    received?: (number|null);

                    /** MeasureHop lossPercent */
                    lossPercent?: (number|null);

                    /** MeasureHop minMs */
                    minMs?: (number|null);

                    /** MeasureHop avgMs */
                    avgMs?: (number|null);

                    /** MeasureHop maxMs */
                    maxMs?: (number|null);

                    /** MeasureHop stdevMs */
                    stdevMs?: (number|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a MeasureHop. */
                type $Shape = crawl.link.v1.MeasureHop.$Properties;
            }

            /**
             * Properties of a MeasurePing.
             * @deprecated Use crawl.link.v1.MeasurePing.$Properties instead.
             */
            interface IMeasurePing extends crawl.link.v1.MeasurePing.$Properties {
            }

            /** Represents a MeasurePing. */
            class MeasurePing {

                /**
                 * Constructs a new MeasurePing.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.MeasurePing.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** MeasurePing sent. */
                sent: number;

                /** MeasurePing received. */
                received: number;

                /** MeasurePing lossPercent. */
                lossPercent: number;

                /** MeasurePing minMs. */
                minMs: number;

                /** MeasurePing avgMs. */
                avgMs: number;

                /** MeasurePing maxMs. */
                maxMs: number;

                /** MeasurePing mdevMs. */
                mdevMs: number;

                /** MeasurePing rttsMs. */
                rttsMs: number[];

                /**
                 * Creates a new MeasurePing instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns MeasurePing instance
                 */
                static create(properties: crawl.link.v1.MeasurePing.$Shape): crawl.link.v1.MeasurePing & crawl.link.v1.MeasurePing.$Shape;
                static create(properties?: crawl.link.v1.MeasurePing.$Properties): crawl.link.v1.MeasurePing;

                /**
                 * Encodes the specified MeasurePing message. Does not implicitly {@link crawl.link.v1.MeasurePing.verify|verify} messages.
                 * @param m MeasurePing message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.MeasurePing.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a MeasurePing message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.MeasurePing & crawl.link.v1.MeasurePing.$Shape} MeasurePing
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.MeasurePing & crawl.link.v1.MeasurePing.$Shape;
            }

            namespace MeasurePing {

                /** Properties of a MeasurePing. */
                interface $Properties {

                    /** MeasurePing sent */
                    sent?: (number|null);

                    /** MeasurePing received */
                    received?: (number|null);

                    /** MeasurePing lossPercent */
                    lossPercent?: (number|null);

                    /** MeasurePing minMs */
                    minMs?: (number|null);

                    /** MeasurePing avgMs */
                    avgMs?: (number|null);

                    /** MeasurePing maxMs */
                    maxMs?: (number|null);

                    /** MeasurePing mdevMs */
                    mdevMs?: (number|null);

                    /** MeasurePing rttsMs */
                    rttsMs?: (number[]|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a MeasurePing. */
                type $Shape = crawl.link.v1.MeasurePing.$Properties;
            }

            /**
             * Properties of a DnsAnswer.
             * @deprecated Use crawl.link.v1.DnsAnswer.$Properties instead.
             */
            interface IDnsAnswer extends crawl.link.v1.DnsAnswer.$Properties {
            }

            /** Represents a DnsAnswer. */
            class DnsAnswer {

                /**
                 * Constructs a new DnsAnswer.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.DnsAnswer.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** DnsAnswer name. */
                name: string;

                /** DnsAnswer type. */
                type: string;

                /** DnsAnswer ttl. */
                ttl: number;

                /** DnsAnswer hasTtl. */
                hasTtl: boolean;

                /** DnsAnswer value. */
                value: string;

                /**
                 * Creates a new DnsAnswer instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns DnsAnswer instance
                 */
                static create(properties: crawl.link.v1.DnsAnswer.$Shape): crawl.link.v1.DnsAnswer & crawl.link.v1.DnsAnswer.$Shape;
                static create(properties?: crawl.link.v1.DnsAnswer.$Properties): crawl.link.v1.DnsAnswer;

                /**
                 * Encodes the specified DnsAnswer message. Does not implicitly {@link crawl.link.v1.DnsAnswer.verify|verify} messages.
                 * @param m DnsAnswer message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.DnsAnswer.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a DnsAnswer message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.DnsAnswer & crawl.link.v1.DnsAnswer.$Shape} DnsAnswer
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.DnsAnswer & crawl.link.v1.DnsAnswer.$Shape;
            }

            namespace DnsAnswer {

                /** Properties of a DnsAnswer. */
                interface $Properties {

                    /** DnsAnswer name */
                    name?: (string|null);

                    /** DnsAnswer type */
                    type?: (string|null);

                    /** DnsAnswer ttl */
                    ttl?: (number|null);

                    /** DnsAnswer hasTtl */
                    hasTtl?: (boolean|null);

                    /** DnsAnswer value */
                    value?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a DnsAnswer. */
                type $Shape = crawl.link.v1.DnsAnswer.$Properties;
            }

            /**
             * Properties of a MeasureDns.
             * @deprecated Use crawl.link.v1.MeasureDns.$Properties instead.
             */
            interface IMeasureDns extends crawl.link.v1.MeasureDns.$Properties {
            }

            /** Represents a MeasureDns. */
            class MeasureDns {

                /**
                 * Constructs a new MeasureDns.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.MeasureDns.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** MeasureDns resolver. */
                resolver: string;

                /** MeasureDns recordType. */
                recordType: string;

                /** MeasureDns protocol. */
                protocol: string;

                /** MeasureDns answers. */
                answers: crawl.link.v1.DnsAnswer.$Properties[];

                /** MeasureDns status. */
                status: string;

                /** MeasureDns timeMs. */
                timeMs: number;

                /**
                 * Creates a new MeasureDns instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns MeasureDns instance
                 */
                static create(properties: crawl.link.v1.MeasureDns.$Shape): crawl.link.v1.MeasureDns & crawl.link.v1.MeasureDns.$Shape;
                static create(properties?: crawl.link.v1.MeasureDns.$Properties): crawl.link.v1.MeasureDns;

                /**
                 * Encodes the specified MeasureDns message. Does not implicitly {@link crawl.link.v1.MeasureDns.verify|verify} messages.
                 * @param m MeasureDns message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.MeasureDns.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a MeasureDns message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.MeasureDns & crawl.link.v1.MeasureDns.$Shape} MeasureDns
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.MeasureDns & crawl.link.v1.MeasureDns.$Shape;
            }

            namespace MeasureDns {

                /** Properties of a MeasureDns. */
                interface $Properties {

                    /** MeasureDns resolver */
                    resolver?: (string|null);

                    /** MeasureDns recordType */
                    recordType?: (string|null);

                    /** MeasureDns protocol */
                    protocol?: (string|null);

                    /** MeasureDns answers */
                    answers?: (crawl.link.v1.DnsAnswer.$Properties[]|null);

                    /** MeasureDns status */
                    status?: (string|null);

                    /** MeasureDns timeMs */
                    timeMs?: (number|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a MeasureDns. */
                type $Shape = crawl.link.v1.MeasureDns.$Properties;
            }

            /**
             * Properties of a TlsCertificate.
             * @deprecated Use crawl.link.v1.TlsCertificate.$Properties instead.
             */
            interface ITlsCertificate extends crawl.link.v1.TlsCertificate.$Properties {
            }

            /** Represents a TlsCertificate. */
            class TlsCertificate {

                /**
                 * Constructs a new TlsCertificate.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.TlsCertificate.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** TlsCertificate subject. */
                subject: string;

                /** TlsCertificate issuer. */
                issuer: string;

                /** TlsCertificate validFrom. */
                validFrom: string;

                /** TlsCertificate validTo. */
                validTo: string;

                /** TlsCertificate serialNumber. */
                serialNumber: string;

                /** TlsCertificate fingerprintSha256. */
                fingerprintSha256: string;

                /** TlsCertificate subjectAltNames. */
                subjectAltNames: string[];

                /**
                 * Creates a new TlsCertificate instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns TlsCertificate instance
                 */
                static create(properties: crawl.link.v1.TlsCertificate.$Shape): crawl.link.v1.TlsCertificate & crawl.link.v1.TlsCertificate.$Shape;
                static create(properties?: crawl.link.v1.TlsCertificate.$Properties): crawl.link.v1.TlsCertificate;

                /**
                 * Encodes the specified TlsCertificate message. Does not implicitly {@link crawl.link.v1.TlsCertificate.verify|verify} messages.
                 * @param m TlsCertificate message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.TlsCertificate.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a TlsCertificate message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.TlsCertificate & crawl.link.v1.TlsCertificate.$Shape} TlsCertificate
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.TlsCertificate & crawl.link.v1.TlsCertificate.$Shape;
            }

            namespace TlsCertificate {

                /** Properties of a TlsCertificate. */
                interface $Properties {

                    /** TlsCertificate subject */
                    subject?: (string|null);

                    /** TlsCertificate issuer */
                    issuer?: (string|null);

                    /** TlsCertificate validFrom */
                    validFrom?: (string|null);

                    /** TlsCertificate validTo */
                    validTo?: (string|null);

                    /** TlsCertificate serialNumber */
                    serialNumber?: (string|null);

                    /** TlsCertificate fingerprintSha256 */
                    fingerprintSha256?: (string|null);

                    /** TlsCertificate subjectAltNames */
                    subjectAltNames?: (string[]|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a TlsCertificate. */
                type $Shape = crawl.link.v1.TlsCertificate.$Properties;
            }

            /**
             * Properties of a MeasureTls.
             * @deprecated Use crawl.link.v1.MeasureTls.$Properties instead.
             */
            interface IMeasureTls extends crawl.link.v1.MeasureTls.$Properties {
            }

            /** Represents a MeasureTls. */
            class MeasureTls {

                /**
                 * Constructs a new MeasureTls.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.MeasureTls.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** MeasureTls protocol. */
                protocol: string;

                /** MeasureTls cipher. */
                cipher: string;

                /** MeasureTls alpn. */
                alpn: string;

                /** MeasureTls authorized. */
                authorized: boolean;

                /** MeasureTls authorizationError. */
                authorizationError: string;

                /** MeasureTls chain. */
                chain: crawl.link.v1.TlsCertificate.$Properties[];

                /** MeasureTls handshakeMs. */
                handshakeMs: number;

                /** MeasureTls serverName. */
                serverName: string;

                /**
                 * Creates a new MeasureTls instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns MeasureTls instance
                 */
                static create(properties: crawl.link.v1.MeasureTls.$Shape): crawl.link.v1.MeasureTls & crawl.link.v1.MeasureTls.$Shape;
                static create(properties?: crawl.link.v1.MeasureTls.$Properties): crawl.link.v1.MeasureTls;

                /**
                 * Encodes the specified MeasureTls message. Does not implicitly {@link crawl.link.v1.MeasureTls.verify|verify} messages.
                 * @param m MeasureTls message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.MeasureTls.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a MeasureTls message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.MeasureTls & crawl.link.v1.MeasureTls.$Shape} MeasureTls
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.MeasureTls & crawl.link.v1.MeasureTls.$Shape;
            }

            namespace MeasureTls {

                /** Properties of a MeasureTls. */
                interface $Properties {

                    /** MeasureTls protocol */
                    protocol?: (string|null);

                    /** MeasureTls cipher */
                    cipher?: (string|null);

                    /** MeasureTls alpn */
                    alpn?: (string|null);

                    /** MeasureTls authorized */
                    authorized?: (boolean|null);

                    /** MeasureTls authorizationError */
                    authorizationError?: (string|null);

                    /** MeasureTls chain */
                    chain?: (crawl.link.v1.TlsCertificate.$Properties[]|null);

                    /** MeasureTls handshakeMs */
                    handshakeMs?: (number|null);

                    /** MeasureTls serverName */
                    serverName?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a MeasureTls. */
                type $Shape = crawl.link.v1.MeasureTls.$Properties;
            }

            /**
             * Properties of a MeasureResult.
             * @deprecated Use crawl.link.v1.MeasureResult.$Properties instead.
             */
            interface IMeasureResult extends crawl.link.v1.MeasureResult.$Properties {
            }

            /** Represents a MeasureResult. */
            class MeasureResult {

                /**
                 * Constructs a new MeasureResult.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.MeasureResult.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** MeasureResult type. */
                type: crawl.link.v1.MeasureType;

                /** MeasureResult target. */
                target: string;

                /** MeasureResult address. */
                address: string;

                /** MeasureResult protocol. */
                protocol: crawl.link.v1.MeasureProtocol;

                /** MeasureResult ping. */
                ping?: (crawl.link.v1.MeasurePing.$Properties|null);

                /** MeasureResult hops. */
                hops: crawl.link.v1.MeasureHop.$Properties[];

                /** MeasureResult dns. */
                dns?: (crawl.link.v1.MeasureDns.$Properties|null);

                /** MeasureResult tls. */
                tls?: (crawl.link.v1.MeasureTls.$Properties|null);

                /** MeasureResult truncated. */
                truncated: boolean;

                /** MeasureResult tool. */
                tool: string;

                /**
                 * Creates a new MeasureResult instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns MeasureResult instance
                 */
                static create(properties: crawl.link.v1.MeasureResult.$Shape): crawl.link.v1.MeasureResult & crawl.link.v1.MeasureResult.$Shape;
                static create(properties?: crawl.link.v1.MeasureResult.$Properties): crawl.link.v1.MeasureResult;

                /**
                 * Encodes the specified MeasureResult message. Does not implicitly {@link crawl.link.v1.MeasureResult.verify|verify} messages.
                 * @param m MeasureResult message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.MeasureResult.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a MeasureResult message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.MeasureResult & crawl.link.v1.MeasureResult.$Shape} MeasureResult
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.MeasureResult & crawl.link.v1.MeasureResult.$Shape;
            }

            namespace MeasureResult {

                /** Properties of a MeasureResult. */
                interface $Properties {

                    /** MeasureResult type */
                    type?: (crawl.link.v1.MeasureType|null);

                    /** MeasureResult target */
                    target?: (string|null);

                    /** MeasureResult address */
                    address?: (string|null);

                    /** MeasureResult protocol */
                    protocol?: (crawl.link.v1.MeasureProtocol|null);

                    /** MeasureResult ping */
                    ping?: (crawl.link.v1.MeasurePing.$Properties|null);

                    /** MeasureResult hops */
                    hops?: (crawl.link.v1.MeasureHop.$Properties[]|null);

                    /** MeasureResult dns */
                    dns?: (crawl.link.v1.MeasureDns.$Properties|null);

                    /** MeasureResult tls */
                    tls?: (crawl.link.v1.MeasureTls.$Properties|null);

                    /** MeasureResult truncated */
                    truncated?: (boolean|null);

                    /** MeasureResult tool */
                    tool?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a MeasureResult. */
                type $Shape = crawl.link.v1.MeasureResult.$Properties;
            }

            /**
             * Properties of an Assign.
             * @deprecated Use crawl.link.v1.Assign.$Properties instead.
             */
            interface IAssign extends crawl.link.v1.Assign.$Properties {
            }

            /** Represents an Assign. */
            class Assign {

                /**
                 * Constructs a new Assign.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.Assign.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** Assign jobId. */
                jobId: string;

                /** Assign attempt. */
                attempt: number;

                /** Assign request. */
                request?: (crawl.link.v1.JobRequest.$Properties|null);

                /** Assign deadlineMs. */
                deadlineMs: number;

                /** Assign traceParent. */
                traceParent: string;

                /** Assign traceState. */
                traceState: string;

                /**
                 * Creates a new Assign instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns Assign instance
                 */
                static create(properties: crawl.link.v1.Assign.$Shape): crawl.link.v1.Assign & crawl.link.v1.Assign.$Shape;
                static create(properties?: crawl.link.v1.Assign.$Properties): crawl.link.v1.Assign;

                /**
                 * Encodes the specified Assign message. Does not implicitly {@link crawl.link.v1.Assign.verify|verify} messages.
                 * @param m Assign message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.Assign.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes an Assign message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Assign & crawl.link.v1.Assign.$Shape} Assign
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.Assign & crawl.link.v1.Assign.$Shape;
            }

            namespace Assign {

                /** Properties of an Assign. */
                interface $Properties {

                    /** Assign jobId */
                    jobId?: (string|null);

                    /** Assign attempt */
                    attempt?: (number|null);

                    /** Assign request */
                    request?: (crawl.link.v1.JobRequest.$Properties|null);

                    /** Assign deadlineMs */
                    deadlineMs?: (number|null);

                    /** Assign traceParent */
                    traceParent?: (string|null);

                    /** Assign traceState */
                    traceState?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of an Assign. */
                type $Shape = crawl.link.v1.Assign.$Properties;
            }

            /**
             * Properties of an Accept.
             * @deprecated Use crawl.link.v1.Accept.$Properties instead.
             */
            interface IAccept extends crawl.link.v1.Accept.$Properties {
            }

            /** Represents an Accept. */
            class Accept {

                /**
                 * Constructs a new Accept.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.Accept.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** Accept jobId. */
                jobId: string;

                /** Accept attempt. */
                attempt: number;

                /**
                 * Creates a new Accept instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns Accept instance
                 */
                static create(properties: crawl.link.v1.Accept.$Shape): crawl.link.v1.Accept & crawl.link.v1.Accept.$Shape;
                static create(properties?: crawl.link.v1.Accept.$Properties): crawl.link.v1.Accept;

                /**
                 * Encodes the specified Accept message. Does not implicitly {@link crawl.link.v1.Accept.verify|verify} messages.
                 * @param m Accept message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.Accept.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes an Accept message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Accept & crawl.link.v1.Accept.$Shape} Accept
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.Accept & crawl.link.v1.Accept.$Shape;
            }

            namespace Accept {

                /** Properties of an Accept. */
                interface $Properties {

                    /** Accept jobId */
                    jobId?: (string|null);

                    /** Accept attempt */
                    attempt?: (number|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of an Accept. */
                type $Shape = crawl.link.v1.Accept.$Properties;
            }

            /** RejectReason enum. */
            enum RejectReason {

                /** REJECT_REASON_UNSPECIFIED value */
                REJECT_REASON_UNSPECIFIED = 0,

                /** REJECT_REASON_BUSY value */
                REJECT_REASON_BUSY = 1,

                /** REJECT_REASON_UNSUPPORTED value */
                REJECT_REASON_UNSUPPORTED = 2,

                /** REJECT_REASON_DRAINING value */
                REJECT_REASON_DRAINING = 3,

                /** REJECT_REASON_SPOOL_FULL value */
                REJECT_REASON_SPOOL_FULL = 4,

                /** REJECT_REASON_INVALID value */
                REJECT_REASON_INVALID = 5,

                /** REJECT_REASON_OWNER_POLICY value */
                REJECT_REASON_OWNER_POLICY = 6
            }

            /**
             * Properties of a Reject.
             * @deprecated Use crawl.link.v1.Reject.$Properties instead.
             */
            interface IReject extends crawl.link.v1.Reject.$Properties {
            }

            /** Represents a Reject. */
            class Reject {

                /**
                 * Constructs a new Reject.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.Reject.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** Reject jobId. */
                jobId: string;

                /** Reject attempt. */
                attempt: number;

                /** Reject reason. */
                reason: crawl.link.v1.RejectReason;

                /** Reject message. */
                message: string;

                /**
                 * Creates a new Reject instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns Reject instance
                 */
                static create(properties: crawl.link.v1.Reject.$Shape): crawl.link.v1.Reject & crawl.link.v1.Reject.$Shape;
                static create(properties?: crawl.link.v1.Reject.$Properties): crawl.link.v1.Reject;

                /**
                 * Encodes the specified Reject message. Does not implicitly {@link crawl.link.v1.Reject.verify|verify} messages.
                 * @param m Reject message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.Reject.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a Reject message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Reject & crawl.link.v1.Reject.$Shape} Reject
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.Reject & crawl.link.v1.Reject.$Shape;
            }

            namespace Reject {

                /** Properties of a Reject. */
                interface $Properties {

                    /** Reject jobId */
                    jobId?: (string|null);

                    /** Reject attempt */
                    attempt?: (number|null);

                    /** Reject reason */
                    reason?: (crawl.link.v1.RejectReason|null);

                    /** Reject message */
                    message?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a Reject. */
                type $Shape = crawl.link.v1.Reject.$Properties;
            }

            /**
             * Properties of a Cancel.
             * @deprecated Use crawl.link.v1.Cancel.$Properties instead.
             */
            interface ICancel extends crawl.link.v1.Cancel.$Properties {
            }

            /** Represents a Cancel. */
            class Cancel {

                /**
                 * Constructs a new Cancel.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.Cancel.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** Cancel jobId. */
                jobId: string;

                /** Cancel attempt. */
                attempt: number;

                /** Cancel reason. */
                reason: string;

                /**
                 * Creates a new Cancel instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns Cancel instance
                 */
                static create(properties: crawl.link.v1.Cancel.$Shape): crawl.link.v1.Cancel & crawl.link.v1.Cancel.$Shape;
                static create(properties?: crawl.link.v1.Cancel.$Properties): crawl.link.v1.Cancel;

                /**
                 * Encodes the specified Cancel message. Does not implicitly {@link crawl.link.v1.Cancel.verify|verify} messages.
                 * @param m Cancel message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.Cancel.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a Cancel message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Cancel & crawl.link.v1.Cancel.$Shape} Cancel
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.Cancel & crawl.link.v1.Cancel.$Shape;
            }

            namespace Cancel {

                /** Properties of a Cancel. */
                interface $Properties {

                    /** Cancel jobId */
                    jobId?: (string|null);

                    /** Cancel attempt */
                    attempt?: (number|null);

                    /** Cancel reason */
                    reason?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a Cancel. */
                type $Shape = crawl.link.v1.Cancel.$Properties;
            }

            /** ContentPart enum. */
            enum ContentPart {

                /** CONTENT_PART_UNSPECIFIED value */
                CONTENT_PART_UNSPECIFIED = 0,

                /** CONTENT_PART_BODY value */
                CONTENT_PART_BODY = 1,

                /** CONTENT_PART_FULL_PAGE value */
                CONTENT_PART_FULL_PAGE = 2,

                /** CONTENT_PART_SCREENSHOT value */
                CONTENT_PART_SCREENSHOT = 3,

                /** CONTENT_PART_READER value */
                CONTENT_PART_READER = 4,

                /** CONTENT_PART_HAR value */
                CONTENT_PART_HAR = 30,

                /** CONTENT_PART_PDF value */
                CONTENT_PART_PDF = 31,

                /** CONTENT_PART_LIGHTHOUSE value */
                CONTENT_PART_LIGHTHOUSE = 32,

                /** CONTENT_PART_EXTRACT value */
                CONTENT_PART_EXTRACT = 33,

                /** CONTENT_PART_ACTION_SCREENSHOTS value */
                CONTENT_PART_ACTION_SCREENSHOTS = 34
            }

            /**
             * Properties of a ResultChunk.
             * @deprecated Use crawl.link.v1.ResultChunk.$Properties instead.
             */
            interface IResultChunk extends crawl.link.v1.ResultChunk.$Properties {
            }

            /** Represents a ResultChunk. */
            class ResultChunk {

                /**
                 * Constructs a new ResultChunk.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.ResultChunk.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** ResultChunk jobId. */
                jobId: string;

                /** ResultChunk attempt. */
                attempt: number;

                /** ResultChunk part. */
                part: crawl.link.v1.ContentPart;

                /** ResultChunk index. */
                index: number;

                /** ResultChunk data. */
                data: Uint8Array;

                /**
                 * Creates a new ResultChunk instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns ResultChunk instance
                 */
                static create(properties: crawl.link.v1.ResultChunk.$Shape): crawl.link.v1.ResultChunk & crawl.link.v1.ResultChunk.$Shape;
                static create(properties?: crawl.link.v1.ResultChunk.$Properties): crawl.link.v1.ResultChunk;

                /**
                 * Encodes the specified ResultChunk message. Does not implicitly {@link crawl.link.v1.ResultChunk.verify|verify} messages.
                 * @param m ResultChunk message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.ResultChunk.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a ResultChunk message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.ResultChunk & crawl.link.v1.ResultChunk.$Shape} ResultChunk
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.ResultChunk & crawl.link.v1.ResultChunk.$Shape;
            }

            namespace ResultChunk {

                /** Properties of a ResultChunk. */
                interface $Properties {

                    /** ResultChunk jobId */
                    jobId?: (string|null);

                    /** ResultChunk attempt */
                    attempt?: (number|null);

                    /** ResultChunk part */
                    part?: (crawl.link.v1.ContentPart|null);

                    /** ResultChunk index */
                    index?: (number|null);

                    /** ResultChunk data */
                    data?: (Uint8Array|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a ResultChunk. */
                type $Shape = crawl.link.v1.ResultChunk.$Properties;
            }

            /**
             * Properties of a PartSummary.
             * @deprecated Use crawl.link.v1.PartSummary.$Properties instead.
             */
            interface IPartSummary extends crawl.link.v1.PartSummary.$Properties {
            }

            /** Represents a PartSummary. */
            class PartSummary {

                /**
                 * Constructs a new PartSummary.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.PartSummary.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** PartSummary part. */
                part: crawl.link.v1.ContentPart;

                /** PartSummary chunks. */
                chunks: number;

                /** PartSummary bytes. */
                bytes: number;

                /** PartSummary inlineData. */
                inlineData: Uint8Array;

                /**
                 * Creates a new PartSummary instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns PartSummary instance
                 */
                static create(properties: crawl.link.v1.PartSummary.$Shape): crawl.link.v1.PartSummary & crawl.link.v1.PartSummary.$Shape;
                static create(properties?: crawl.link.v1.PartSummary.$Properties): crawl.link.v1.PartSummary;

                /**
                 * Encodes the specified PartSummary message. Does not implicitly {@link crawl.link.v1.PartSummary.verify|verify} messages.
                 * @param m PartSummary message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.PartSummary.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a PartSummary message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.PartSummary & crawl.link.v1.PartSummary.$Shape} PartSummary
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.PartSummary & crawl.link.v1.PartSummary.$Shape;
            }

            namespace PartSummary {

                /** Properties of a PartSummary. */
                interface $Properties {

                    /** PartSummary part */
                    part?: (crawl.link.v1.ContentPart|null);

                    /** PartSummary chunks */
                    chunks?: (number|null);

                    /** PartSummary bytes */
                    bytes?: (number|null);

                    /** PartSummary inlineData */
                    inlineData?: (Uint8Array|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a PartSummary. */
                type $Shape = crawl.link.v1.PartSummary.$Properties;
            }

            /**
             * Properties of a NetworkContext.
             * @deprecated Use crawl.link.v1.NetworkContext.$Properties instead.
             */
            interface INetworkContext extends crawl.link.v1.NetworkContext.$Properties {
            }

            /** Represents a NetworkContext. */
            class NetworkContext {

                /**
                 * Constructs a new NetworkContext.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.NetworkContext.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** NetworkContext resolvers. */
                resolvers: string[];

                /** NetworkContext resolvedAddresses. */
                resolvedAddresses: string[];

                /** NetworkContext connectedAddress. */
                connectedAddress: string;

                /** NetworkContext localAddress. */
                localAddress: string;

                /**
                 * Creates a new NetworkContext instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns NetworkContext instance
                 */
                static create(properties: crawl.link.v1.NetworkContext.$Shape): crawl.link.v1.NetworkContext & crawl.link.v1.NetworkContext.$Shape;
                static create(properties?: crawl.link.v1.NetworkContext.$Properties): crawl.link.v1.NetworkContext;

                /**
                 * Encodes the specified NetworkContext message. Does not implicitly {@link crawl.link.v1.NetworkContext.verify|verify} messages.
                 * @param m NetworkContext message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.NetworkContext.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a NetworkContext message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.NetworkContext & crawl.link.v1.NetworkContext.$Shape} NetworkContext
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.NetworkContext & crawl.link.v1.NetworkContext.$Shape;
            }

            namespace NetworkContext {

                /** Properties of a NetworkContext. */
                interface $Properties {

                    /** NetworkContext resolvers */
                    resolvers?: (string[]|null);

                    /** NetworkContext resolvedAddresses */
                    resolvedAddresses?: (string[]|null);

                    /** NetworkContext connectedAddress */
                    connectedAddress?: (string|null);

                    /** NetworkContext localAddress */
                    localAddress?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a NetworkContext. */
                type $Shape = crawl.link.v1.NetworkContext.$Properties;
            }

            /**
             * Properties of a CookieRecord.
             * @deprecated Use crawl.link.v1.CookieRecord.$Properties instead.
             */
            interface ICookieRecord extends crawl.link.v1.CookieRecord.$Properties {
            }

            /** Represents a CookieRecord. */
            class CookieRecord {

                /**
                 * Constructs a new CookieRecord.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.CookieRecord.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** CookieRecord name. */
                name: string;

                /** CookieRecord value. */
                value: string;

                /** CookieRecord domain. */
                domain: string;

                /** CookieRecord path. */
                path: string;

                /** CookieRecord expires. */
                expires: string;

                /** CookieRecord maxAge. */
                maxAge: number;

                /** CookieRecord secure. */
                secure: boolean;

                /** CookieRecord httpOnly. */
                httpOnly: boolean;

                /** CookieRecord sameSite. */
                sameSite: string;

                /**
                 * Creates a new CookieRecord instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns CookieRecord instance
                 */
                static create(properties: crawl.link.v1.CookieRecord.$Shape): crawl.link.v1.CookieRecord & crawl.link.v1.CookieRecord.$Shape;
                static create(properties?: crawl.link.v1.CookieRecord.$Properties): crawl.link.v1.CookieRecord;

                /**
                 * Encodes the specified CookieRecord message. Does not implicitly {@link crawl.link.v1.CookieRecord.verify|verify} messages.
                 * @param m CookieRecord message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.CookieRecord.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a CookieRecord message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.CookieRecord & crawl.link.v1.CookieRecord.$Shape} CookieRecord
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.CookieRecord & crawl.link.v1.CookieRecord.$Shape;
            }

            namespace CookieRecord {

                /** Properties of a CookieRecord. */
                interface $Properties {

                    /** CookieRecord name */
                    name?: (string|null);

                    /** CookieRecord value */
                    value?: (string|null);

                    /** CookieRecord domain */
                    domain?: (string|null);

                    /** CookieRecord path */
                    path?: (string|null);

                    /** CookieRecord expires */
                    expires?: (string|null);

                    /** CookieRecord maxAge */
                    maxAge?: (number|null);

                    /** CookieRecord secure */
                    secure?: (boolean|null);

                    /** CookieRecord httpOnly */
                    httpOnly?: (boolean|null);

                    /** CookieRecord sameSite */
                    sameSite?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a CookieRecord. */
                type $Shape = crawl.link.v1.CookieRecord.$Properties;
            }

            /**
             * Properties of a RequestOutcome.
             * @deprecated Use crawl.link.v1.RequestOutcome.$Properties instead.
             */
            interface IRequestOutcome extends crawl.link.v1.RequestOutcome.$Properties {
            }

            /** Represents a RequestOutcome. */
            class RequestOutcome {

                /**
                 * Constructs a new RequestOutcome.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.RequestOutcome.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** RequestOutcome url. */
                url: string;

                /** RequestOutcome sizeBytes. */
                sizeBytes: number;

                /** RequestOutcome statusCode. */
                statusCode: number;

                /** RequestOutcome success. */
                success: boolean;

                /**
                 * Creates a new RequestOutcome instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns RequestOutcome instance
                 */
                static create(properties: crawl.link.v1.RequestOutcome.$Shape): crawl.link.v1.RequestOutcome & crawl.link.v1.RequestOutcome.$Shape;
                static create(properties?: crawl.link.v1.RequestOutcome.$Properties): crawl.link.v1.RequestOutcome;

                /**
                 * Encodes the specified RequestOutcome message. Does not implicitly {@link crawl.link.v1.RequestOutcome.verify|verify} messages.
                 * @param m RequestOutcome message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.RequestOutcome.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a RequestOutcome message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.RequestOutcome & crawl.link.v1.RequestOutcome.$Shape} RequestOutcome
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.RequestOutcome & crawl.link.v1.RequestOutcome.$Shape;
            }

            namespace RequestOutcome {

                /** Properties of a RequestOutcome. */
                interface $Properties {

                    /** RequestOutcome url */
                    url?: (string|null);

                    /** RequestOutcome sizeBytes */
                    sizeBytes?: (number|null);

                    /** RequestOutcome statusCode */
                    statusCode?: (number|null);

                    /** RequestOutcome success */
                    success?: (boolean|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a RequestOutcome. */
                type $Shape = crawl.link.v1.RequestOutcome.$Properties;
            }

            /**
             * Properties of a PerformanceMetrics.
             * @deprecated Use crawl.link.v1.PerformanceMetrics.$Properties instead.
             */
            interface IPerformanceMetrics extends crawl.link.v1.PerformanceMetrics.$Properties {
            }

            /** Represents a PerformanceMetrics. */
            class PerformanceMetrics {

                /**
                 * Constructs a new PerformanceMetrics.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.PerformanceMetrics.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** PerformanceMetrics crashOrTimeoutFlag. */
                crashOrTimeoutFlag: boolean;

                /** PerformanceMetrics effectiveConnectionType. */
                effectiveConnectionType: string;

                /** PerformanceMetrics networkType. */
                networkType: string;

                /** PerformanceMetrics protocol. */
                protocol: string;

                /** PerformanceMetrics cumulativeLayoutShift. */
                cumulativeLayoutShift: number;

                /** PerformanceMetrics decodedBodySize. */
                decodedBodySize: number;

                /** PerformanceMetrics devicePixelRatio. */
                devicePixelRatio: number;

                /** PerformanceMetrics dnsTimeMs. */
                dnsTimeMs: number;

                /** PerformanceMetrics domContentLoaded. */
                domContentLoaded: number;

                /** PerformanceMetrics encodedBodySize. */
                encodedBodySize: number;

                /** PerformanceMetrics firstContentfulPaint. */
                firstContentfulPaint: number;

                /** PerformanceMetrics firstPaint. */
                firstPaint: number;

                /** PerformanceMetrics largestContentfulPaint. */
                largestContentfulPaint: number;

                /** PerformanceMetrics longTaskCount. */
                longTaskCount: number;

                /** PerformanceMetrics maxLongTask. */
                maxLongTask: number;

                /** PerformanceMetrics tcpTimeMs. */
                tcpTimeMs: number;

                /** PerformanceMetrics timeToFirstByte. */
                timeToFirstByte: number;

                /** PerformanceMetrics tlsTimeMs. */
                tlsTimeMs: number;

                /** PerformanceMetrics totalBlockingTime. */
                totalBlockingTime: number;

                /** PerformanceMetrics totalLoadTime. */
                totalLoadTime: number;

                /** PerformanceMetrics transferSize. */
                transferSize: number;

                /** PerformanceMetrics viewportHeight. */
                viewportHeight: number;

                /** PerformanceMetrics viewportWidth. */
                viewportWidth: number;

                /**
                 * Creates a new PerformanceMetrics instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns PerformanceMetrics instance
                 */
                static create(properties: crawl.link.v1.PerformanceMetrics.$Shape): crawl.link.v1.PerformanceMetrics & crawl.link.v1.PerformanceMetrics.$Shape;
                static create(properties?: crawl.link.v1.PerformanceMetrics.$Properties): crawl.link.v1.PerformanceMetrics;

                /**
                 * Encodes the specified PerformanceMetrics message. Does not implicitly {@link crawl.link.v1.PerformanceMetrics.verify|verify} messages.
                 * @param m PerformanceMetrics message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.PerformanceMetrics.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a PerformanceMetrics message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.PerformanceMetrics & crawl.link.v1.PerformanceMetrics.$Shape} PerformanceMetrics
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.PerformanceMetrics & crawl.link.v1.PerformanceMetrics.$Shape;
            }

            namespace PerformanceMetrics {

                /** Properties of a PerformanceMetrics. */
                interface $Properties {

                    /** PerformanceMetrics crashOrTimeoutFlag */
                    crashOrTimeoutFlag?: (boolean|null);

                    /** PerformanceMetrics effectiveConnectionType */
                    effectiveConnectionType?: (string|null);

                    /** PerformanceMetrics networkType */
                    networkType?: (string|null);

                    /** PerformanceMetrics protocol */
                    protocol?: (string|null);

                    /** PerformanceMetrics cumulativeLayoutShift */
                    cumulativeLayoutShift?: (number|null);

                    /** PerformanceMetrics decodedBodySize */
                    decodedBodySize?: (number|null);

                    /** PerformanceMetrics devicePixelRatio */
                    devicePixelRatio?: (number|null);

                    /** PerformanceMetrics dnsTimeMs */
                    dnsTimeMs?: (number|null);

                    /** PerformanceMetrics domContentLoaded */
                    domContentLoaded?: (number|null);

                    /** PerformanceMetrics encodedBodySize */
                    encodedBodySize?: (number|null);

                    /** PerformanceMetrics firstContentfulPaint */
                    firstContentfulPaint?: (number|null);

                    /** PerformanceMetrics firstPaint */
                    firstPaint?: (number|null);

                    /** PerformanceMetrics largestContentfulPaint */
                    largestContentfulPaint?: (number|null);

                    /** PerformanceMetrics longTaskCount */
                    longTaskCount?: (number|null);

                    /** PerformanceMetrics maxLongTask */
                    maxLongTask?: (number|null);

                    /** PerformanceMetrics tcpTimeMs */
                    tcpTimeMs?: (number|null);

                    /** PerformanceMetrics timeToFirstByte */
                    timeToFirstByte?: (number|null);

                    /** PerformanceMetrics tlsTimeMs */
                    tlsTimeMs?: (number|null);

                    /** PerformanceMetrics totalBlockingTime */
                    totalBlockingTime?: (number|null);

                    /** PerformanceMetrics totalLoadTime */
                    totalLoadTime?: (number|null);

                    /** PerformanceMetrics transferSize */
                    transferSize?: (number|null);

                    /** PerformanceMetrics viewportHeight */
                    viewportHeight?: (number|null);

                    /** PerformanceMetrics viewportWidth */
                    viewportWidth?: (number|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a PerformanceMetrics. */
                type $Shape = crawl.link.v1.PerformanceMetrics.$Properties;
            }

            /**
             * Properties of a ResultFinal.
             * @deprecated Use crawl.link.v1.ResultFinal.$Properties instead.
             */
            interface IResultFinal extends crawl.link.v1.ResultFinal.$Properties {
            }

            /** Represents a ResultFinal. */
            class ResultFinal {

                /**
                 * Constructs a new ResultFinal.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.ResultFinal.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** ResultFinal jobId. */
                jobId: string;

                /** ResultFinal attempt. */
                attempt: number;

                /** ResultFinal success. */
                success: boolean;

                /** ResultFinal statusCode. */
                statusCode: number;

                /** ResultFinal responseHeaders. */
                responseHeaders: crawl.link.v1.Header.$Properties[];

                /** ResultFinal requestHeaders. */
                requestHeaders: crawl.link.v1.Header.$Properties[];

                /** ResultFinal timeUs. */
                timeUs: number;

                /** ResultFinal sizeBytes. */
                sizeBytes: number;

                /** ResultFinal tlsVersion. */
                tlsVersion: string;

                /** ResultFinal tlsCipher. */
                tlsCipher: string;

                /** ResultFinal errorType. */
                errorType: string;

                /** ResultFinal errorMessage. */
                errorMessage: string;

                /** ResultFinal startedAtMs. */
                startedAtMs: number;

                /** ResultFinal finalUrl. */
                finalUrl: string;

                /** ResultFinal parts. */
                parts: crawl.link.v1.PartSummary.$Properties[];

                /** ResultFinal requestCookies. */
                requestCookies: crawl.link.v1.CookieRecord.$Properties[];

                /** ResultFinal responseCookies. */
                responseCookies: crawl.link.v1.CookieRecord.$Properties[];

                /** ResultFinal performance. */
                performance?: (crawl.link.v1.PerformanceMetrics.$Properties|null);

                /** ResultFinal requestResults. */
                requestResults: crawl.link.v1.RequestOutcome.$Properties[];

                /** ResultFinal contentType. */
                contentType: string;

                /** ResultFinal contentEncoding. */
                contentEncoding: string;

                /** ResultFinal network. */
                network?: (crawl.link.v1.NetworkContext.$Properties|null);

                /** ResultFinal measure. */
                measure?: (crawl.link.v1.MeasureResult.$Properties|null);

                /** ResultFinal actions. */
                actions: crawl.link.v1.ActionOutcome.$Properties[];

                /** ResultFinal extractErrors. */
                extractErrors: string[];

                /** ResultFinal lighthouseJson. */
                lighthouseJson: string;

                /** ResultFinal links. */
                links: string[];

                /**
                 * Creates a new ResultFinal instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns ResultFinal instance
                 */
                static create(properties: crawl.link.v1.ResultFinal.$Shape): crawl.link.v1.ResultFinal & crawl.link.v1.ResultFinal.$Shape;
                static create(properties?: crawl.link.v1.ResultFinal.$Properties): crawl.link.v1.ResultFinal;

                /**
                 * Encodes the specified ResultFinal message. Does not implicitly {@link crawl.link.v1.ResultFinal.verify|verify} messages.
                 * @param m ResultFinal message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.ResultFinal.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a ResultFinal message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.ResultFinal & crawl.link.v1.ResultFinal.$Shape} ResultFinal
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.ResultFinal & crawl.link.v1.ResultFinal.$Shape;
            }

            namespace ResultFinal {

                /** Properties of a ResultFinal. */
                interface $Properties {

                    /** ResultFinal jobId */
                    jobId?: (string|null);

                    /** ResultFinal attempt */
                    attempt?: (number|null);

                    /** ResultFinal success */
                    success?: (boolean|null);

                    /** ResultFinal statusCode */
                    statusCode?: (number|null);

                    /** ResultFinal responseHeaders */
                    responseHeaders?: (crawl.link.v1.Header.$Properties[]|null);

                    /** ResultFinal requestHeaders */
                    requestHeaders?: (crawl.link.v1.Header.$Properties[]|null);

                    /** ResultFinal timeUs */
                    timeUs?: (number|null);

                    /** ResultFinal sizeBytes */
                    sizeBytes?: (number|null);

                    /** ResultFinal tlsVersion */
                    tlsVersion?: (string|null);

                    /** ResultFinal tlsCipher */
                    tlsCipher?: (string|null);

                    /** ResultFinal errorType */
                    errorType?: (string|null);

                    /** ResultFinal errorMessage */
                    errorMessage?: (string|null);

                    /** ResultFinal startedAtMs */
                    startedAtMs?: (number|null);

                    /** ResultFinal finalUrl */
                    finalUrl?: (string|null);

                    /** ResultFinal parts */
                    parts?: (crawl.link.v1.PartSummary.$Properties[]|null);

                    /** ResultFinal requestCookies */
                    requestCookies?: (crawl.link.v1.CookieRecord.$Properties[]|null);

                    /** ResultFinal responseCookies */
                    responseCookies?: (crawl.link.v1.CookieRecord.$Properties[]|null);

                    /** ResultFinal performance */
                    performance?: (crawl.link.v1.PerformanceMetrics.$Properties|null);

                    /** ResultFinal requestResults */
                    requestResults?: (crawl.link.v1.RequestOutcome.$Properties[]|null);

                    /** ResultFinal contentType */
                    contentType?: (string|null);

                    /** ResultFinal contentEncoding */
                    contentEncoding?: (string|null);

                    /** ResultFinal network */
                    network?: (crawl.link.v1.NetworkContext.$Properties|null);

                    /** ResultFinal measure */
                    measure?: (crawl.link.v1.MeasureResult.$Properties|null);

                    /** ResultFinal actions */
                    actions?: (crawl.link.v1.ActionOutcome.$Properties[]|null);

                    /** ResultFinal extractErrors */
                    extractErrors?: (string[]|null);

                    /** ResultFinal lighthouseJson */
                    lighthouseJson?: (string|null);

                    /** ResultFinal links */
                    links?: (string[]|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a ResultFinal. */
                type $Shape = crawl.link.v1.ResultFinal.$Properties;
            }

            /**
             * Properties of a ResultAck.
             * @deprecated Use crawl.link.v1.ResultAck.$Properties instead.
             */
            interface IResultAck extends crawl.link.v1.ResultAck.$Properties {
            }

            /** Represents a ResultAck. */
            class ResultAck {

                /**
                 * Constructs a new ResultAck.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.ResultAck.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** ResultAck jobId. */
                jobId: string;

                /** ResultAck attempt. */
                attempt: number;

                /** ResultAck duplicate. */
                duplicate: boolean;

                /**
                 * Creates a new ResultAck instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns ResultAck instance
                 */
                static create(properties: crawl.link.v1.ResultAck.$Shape): crawl.link.v1.ResultAck & crawl.link.v1.ResultAck.$Shape;
                static create(properties?: crawl.link.v1.ResultAck.$Properties): crawl.link.v1.ResultAck;

                /**
                 * Encodes the specified ResultAck message. Does not implicitly {@link crawl.link.v1.ResultAck.verify|verify} messages.
                 * @param m ResultAck message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.ResultAck.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a ResultAck message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.ResultAck & crawl.link.v1.ResultAck.$Shape} ResultAck
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.ResultAck & crawl.link.v1.ResultAck.$Shape;
            }

            namespace ResultAck {

                /** Properties of a ResultAck. */
                interface $Properties {

                    /** ResultAck jobId */
                    jobId?: (string|null);

                    /** ResultAck attempt */
                    attempt?: (number|null);

                    /** ResultAck duplicate */
                    duplicate?: (boolean|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a ResultAck. */
                type $Shape = crawl.link.v1.ResultAck.$Properties;
            }

            /**
             * Properties of a Ping.
             * @deprecated Use crawl.link.v1.Ping.$Properties instead.
             */
            interface IPing extends crawl.link.v1.Ping.$Properties {
            }

            /** Represents a Ping. */
            class Ping {

                /**
                 * Constructs a new Ping.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.Ping.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** Ping nonce. */
                nonce: number;

                /** Ping sentMs. */
                sentMs: number;

                /**
                 * Creates a new Ping instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns Ping instance
                 */
                static create(properties: crawl.link.v1.Ping.$Shape): crawl.link.v1.Ping & crawl.link.v1.Ping.$Shape;
                static create(properties?: crawl.link.v1.Ping.$Properties): crawl.link.v1.Ping;

                /**
                 * Encodes the specified Ping message. Does not implicitly {@link crawl.link.v1.Ping.verify|verify} messages.
                 * @param m Ping message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.Ping.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a Ping message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Ping & crawl.link.v1.Ping.$Shape} Ping
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.Ping & crawl.link.v1.Ping.$Shape;
            }

            namespace Ping {

                /** Properties of a Ping. */
                interface $Properties {

                    /** Ping nonce */
                    nonce?: (number|null);

                    /** Ping sentMs */
                    sentMs?: (number|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a Ping. */
                type $Shape = crawl.link.v1.Ping.$Properties;
            }

            /**
             * Properties of a Pong.
             * @deprecated Use crawl.link.v1.Pong.$Properties instead.
             */
            interface IPong extends crawl.link.v1.Pong.$Properties {
            }

            /** Represents a Pong. */
            class Pong {

                /**
                 * Constructs a new Pong.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.Pong.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** Pong nonce. */
                nonce: number;

                /**
                 * Creates a new Pong instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns Pong instance
                 */
                static create(properties: crawl.link.v1.Pong.$Shape): crawl.link.v1.Pong & crawl.link.v1.Pong.$Shape;
                static create(properties?: crawl.link.v1.Pong.$Properties): crawl.link.v1.Pong;

                /**
                 * Encodes the specified Pong message. Does not implicitly {@link crawl.link.v1.Pong.verify|verify} messages.
                 * @param m Pong message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.Pong.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a Pong message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Pong & crawl.link.v1.Pong.$Shape} Pong
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.Pong & crawl.link.v1.Pong.$Shape;
            }

            namespace Pong {

                /** Properties of a Pong. */
                interface $Properties {

                    /** Pong nonce */
                    nonce?: (number|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a Pong. */
                type $Shape = crawl.link.v1.Pong.$Properties;
            }

            /**
             * Properties of a Draining.
             * @deprecated Use crawl.link.v1.Draining.$Properties instead.
             */
            interface IDraining extends crawl.link.v1.Draining.$Properties {
            }

            /** Represents a Draining. */
            class Draining {

                /**
                 * Constructs a new Draining.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.Draining.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** Draining reason. */
                reason: string;

                /**
                 * Creates a new Draining instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns Draining instance
                 */
                static create(properties: crawl.link.v1.Draining.$Shape): crawl.link.v1.Draining & crawl.link.v1.Draining.$Shape;
                static create(properties?: crawl.link.v1.Draining.$Properties): crawl.link.v1.Draining;

                /**
                 * Encodes the specified Draining message. Does not implicitly {@link crawl.link.v1.Draining.verify|verify} messages.
                 * @param m Draining message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.Draining.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a Draining message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Draining & crawl.link.v1.Draining.$Shape} Draining
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.Draining & crawl.link.v1.Draining.$Shape;
            }

            namespace Draining {

                /** Properties of a Draining. */
                interface $Properties {

                    /** Draining reason */
                    reason?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a Draining. */
                type $Shape = crawl.link.v1.Draining.$Properties;
            }

            /**
             * Properties of an Availability.
             * @deprecated Use crawl.link.v1.Availability.$Properties instead.
             */
            interface IAvailability extends crawl.link.v1.Availability.$Properties {
            }

            /** Represents an Availability. */
            class Availability {

                /**
                 * Constructs a new Availability.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.Availability.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** Availability accepting. */
                accepting: boolean;

                /** Availability reason. */
                reason: string;

                /** Availability ownerControls. */
                ownerControls?: (crawl.link.v1.OwnerControls.$Properties|null);

                /**
                 * Creates a new Availability instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns Availability instance
                 */
                static create(properties: crawl.link.v1.Availability.$Shape): crawl.link.v1.Availability & crawl.link.v1.Availability.$Shape;
                static create(properties?: crawl.link.v1.Availability.$Properties): crawl.link.v1.Availability;

                /**
                 * Encodes the specified Availability message. Does not implicitly {@link crawl.link.v1.Availability.verify|verify} messages.
                 * @param m Availability message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.Availability.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes an Availability message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Availability & crawl.link.v1.Availability.$Shape} Availability
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.Availability & crawl.link.v1.Availability.$Shape;
            }

            namespace Availability {

                /** Properties of an Availability. */
                interface $Properties {

                    /** Availability accepting */
                    accepting?: (boolean|null);

                    /** Availability reason */
                    reason?: (string|null);

                    /** Availability ownerControls */
                    ownerControls?: (crawl.link.v1.OwnerControls.$Properties|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of an Availability. */
                type $Shape = crawl.link.v1.Availability.$Properties;
            }

            /**
             * Properties of a Drain.
             * @deprecated Use crawl.link.v1.Drain.$Properties instead.
             */
            interface IDrain extends crawl.link.v1.Drain.$Properties {
            }

            /** Represents a Drain. */
            class Drain {

                /**
                 * Constructs a new Drain.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.Drain.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** Drain reason. */
                reason: string;

                /**
                 * Creates a new Drain instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns Drain instance
                 */
                static create(properties: crawl.link.v1.Drain.$Shape): crawl.link.v1.Drain & crawl.link.v1.Drain.$Shape;
                static create(properties?: crawl.link.v1.Drain.$Properties): crawl.link.v1.Drain;

                /**
                 * Encodes the specified Drain message. Does not implicitly {@link crawl.link.v1.Drain.verify|verify} messages.
                 * @param m Drain message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.Drain.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a Drain message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Drain & crawl.link.v1.Drain.$Shape} Drain
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.Drain & crawl.link.v1.Drain.$Shape;
            }

            namespace Drain {

                /** Properties of a Drain. */
                interface $Properties {

                    /** Drain reason */
                    reason?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a Drain. */
                type $Shape = crawl.link.v1.Drain.$Properties;
            }

            /**
             * Properties of a SessionEnd.
             * @deprecated Use crawl.link.v1.SessionEnd.$Properties instead.
             */
            interface ISessionEnd extends crawl.link.v1.SessionEnd.$Properties {
            }

            /** Represents a SessionEnd. */
            class SessionEnd {

                /**
                 * Constructs a new SessionEnd.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.SessionEnd.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** SessionEnd sessionId. */
                sessionId: string;

                /**
                 * Creates a new SessionEnd instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns SessionEnd instance
                 */
                static create(properties: crawl.link.v1.SessionEnd.$Shape): crawl.link.v1.SessionEnd & crawl.link.v1.SessionEnd.$Shape;
                static create(properties?: crawl.link.v1.SessionEnd.$Properties): crawl.link.v1.SessionEnd;

                /**
                 * Encodes the specified SessionEnd message. Does not implicitly {@link crawl.link.v1.SessionEnd.verify|verify} messages.
                 * @param m SessionEnd message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.SessionEnd.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a SessionEnd message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.SessionEnd & crawl.link.v1.SessionEnd.$Shape} SessionEnd
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.SessionEnd & crawl.link.v1.SessionEnd.$Shape;
            }

            namespace SessionEnd {

                /** Properties of a SessionEnd. */
                interface $Properties {

                    /** SessionEnd sessionId */
                    sessionId?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a SessionEnd. */
                type $Shape = crawl.link.v1.SessionEnd.$Properties;
            }

            /**
             * Properties of a Standing.
             * @deprecated Use crawl.link.v1.Standing.$Properties instead.
             */
            interface IStanding extends crawl.link.v1.Standing.$Properties {
            }

            /** Represents a Standing. */
            class Standing {

                /**
                 * Constructs a new Standing.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.Standing.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** Standing quarantined. */
                quarantined: boolean;

                /** Standing reason. */
                reason: string;

                /**
                 * Creates a new Standing instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns Standing instance
                 */
                static create(properties: crawl.link.v1.Standing.$Shape): crawl.link.v1.Standing & crawl.link.v1.Standing.$Shape;
                static create(properties?: crawl.link.v1.Standing.$Properties): crawl.link.v1.Standing;

                /**
                 * Encodes the specified Standing message. Does not implicitly {@link crawl.link.v1.Standing.verify|verify} messages.
                 * @param m Standing message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.Standing.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a Standing message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Standing & crawl.link.v1.Standing.$Shape} Standing
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.Standing & crawl.link.v1.Standing.$Shape;
            }

            namespace Standing {

                /** Properties of a Standing. */
                interface $Properties {

                    /** Standing quarantined */
                    quarantined?: (boolean|null);

                    /** Standing reason */
                    reason?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a Standing. */
                type $Shape = crawl.link.v1.Standing.$Properties;
            }

            /**
             * Properties of a StreamOpen.
             * @deprecated Use crawl.link.v1.StreamOpen.$Properties instead.
             */
            interface IStreamOpen extends crawl.link.v1.StreamOpen.$Properties {
            }

            /** Represents a StreamOpen. */
            class StreamOpen {

                /**
                 * Constructs a new StreamOpen.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.StreamOpen.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** StreamOpen streamId. */
                streamId: number;

                /** StreamOpen host. */
                host: string;

                /** StreamOpen port. */
                port: number;

                /** StreamOpen keyId. */
                keyId: string;

                /** StreamOpen windowBytes. */
                windowBytes: number;

                /**
                 * Creates a new StreamOpen instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns StreamOpen instance
                 */
                static create(properties: crawl.link.v1.StreamOpen.$Shape): crawl.link.v1.StreamOpen & crawl.link.v1.StreamOpen.$Shape;
                static create(properties?: crawl.link.v1.StreamOpen.$Properties): crawl.link.v1.StreamOpen;

                /**
                 * Encodes the specified StreamOpen message. Does not implicitly {@link crawl.link.v1.StreamOpen.verify|verify} messages.
                 * @param m StreamOpen message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.StreamOpen.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a StreamOpen message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.StreamOpen & crawl.link.v1.StreamOpen.$Shape} StreamOpen
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.StreamOpen & crawl.link.v1.StreamOpen.$Shape;
            }

            namespace StreamOpen {

                /** Properties of a StreamOpen. */
                interface $Properties {

                    /** StreamOpen streamId */
                    streamId?: (number|null);

                    /** StreamOpen host */
                    host?: (string|null);

                    /** StreamOpen port */
                    port?: (number|null);

                    /** StreamOpen keyId */
                    keyId?: (string|null);

                    /** StreamOpen windowBytes */
                    windowBytes?: (number|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a StreamOpen. */
                type $Shape = crawl.link.v1.StreamOpen.$Properties;
            }

            /**
             * Properties of a StreamOpened.
             * @deprecated Use crawl.link.v1.StreamOpened.$Properties instead.
             */
            interface IStreamOpened extends crawl.link.v1.StreamOpened.$Properties {
            }

            /** Represents a StreamOpened. */
            class StreamOpened {

                /**
                 * Constructs a new StreamOpened.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.StreamOpened.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** StreamOpened streamId. */
                streamId: number;

                /** StreamOpened address. */
                address: string;

                /**
                 * Creates a new StreamOpened instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns StreamOpened instance
                 */
                static create(properties: crawl.link.v1.StreamOpened.$Shape): crawl.link.v1.StreamOpened & crawl.link.v1.StreamOpened.$Shape;
                static create(properties?: crawl.link.v1.StreamOpened.$Properties): crawl.link.v1.StreamOpened;

                /**
                 * Encodes the specified StreamOpened message. Does not implicitly {@link crawl.link.v1.StreamOpened.verify|verify} messages.
                 * @param m StreamOpened message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.StreamOpened.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a StreamOpened message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.StreamOpened & crawl.link.v1.StreamOpened.$Shape} StreamOpened
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.StreamOpened & crawl.link.v1.StreamOpened.$Shape;
            }

            namespace StreamOpened {

                /** Properties of a StreamOpened. */
                interface $Properties {

                    /** StreamOpened streamId */
                    streamId?: (number|null);

                    /** StreamOpened address */
                    address?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a StreamOpened. */
                type $Shape = crawl.link.v1.StreamOpened.$Properties;
            }

            /**
             * Properties of a StreamData.
             * @deprecated Use crawl.link.v1.StreamData.$Properties instead.
             */
            interface IStreamData extends crawl.link.v1.StreamData.$Properties {
            }

            /** Represents a StreamData. */
            class StreamData {

                /**
                 * Constructs a new StreamData.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.StreamData.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** StreamData streamId. */
                streamId: number;

                /** StreamData data. */
                data: Uint8Array;

                /**
                 * Creates a new StreamData instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns StreamData instance
                 */
                static create(properties: crawl.link.v1.StreamData.$Shape): crawl.link.v1.StreamData & crawl.link.v1.StreamData.$Shape;
                static create(properties?: crawl.link.v1.StreamData.$Properties): crawl.link.v1.StreamData;

                /**
                 * Encodes the specified StreamData message. Does not implicitly {@link crawl.link.v1.StreamData.verify|verify} messages.
                 * @param m StreamData message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.StreamData.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a StreamData message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.StreamData & crawl.link.v1.StreamData.$Shape} StreamData
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.StreamData & crawl.link.v1.StreamData.$Shape;
            }

            namespace StreamData {

                /** Properties of a StreamData. */
                interface $Properties {

                    /** StreamData streamId */
                    streamId?: (number|null);

                    /** StreamData data */
                    data?: (Uint8Array|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a StreamData. */
                type $Shape = crawl.link.v1.StreamData.$Properties;
            }

            /**
             * Properties of a StreamCredit.
             * @deprecated Use crawl.link.v1.StreamCredit.$Properties instead.
             */
            interface IStreamCredit extends crawl.link.v1.StreamCredit.$Properties {
            }

            /** Represents a StreamCredit. */
            class StreamCredit {

                /**
                 * Constructs a new StreamCredit.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.StreamCredit.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** StreamCredit streamId. */
                streamId: number;

                /** StreamCredit bytes. */
                bytes: number;

                /**
                 * Creates a new StreamCredit instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns StreamCredit instance
                 */
                static create(properties: crawl.link.v1.StreamCredit.$Shape): crawl.link.v1.StreamCredit & crawl.link.v1.StreamCredit.$Shape;
                static create(properties?: crawl.link.v1.StreamCredit.$Properties): crawl.link.v1.StreamCredit;

                /**
                 * Encodes the specified StreamCredit message. Does not implicitly {@link crawl.link.v1.StreamCredit.verify|verify} messages.
                 * @param m StreamCredit message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.StreamCredit.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a StreamCredit message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.StreamCredit & crawl.link.v1.StreamCredit.$Shape} StreamCredit
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.StreamCredit & crawl.link.v1.StreamCredit.$Shape;
            }

            namespace StreamCredit {

                /** Properties of a StreamCredit. */
                interface $Properties {

                    /** StreamCredit streamId */
                    streamId?: (number|null);

                    /** StreamCredit bytes */
                    bytes?: (number|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a StreamCredit. */
                type $Shape = crawl.link.v1.StreamCredit.$Properties;
            }

            /**
             * Properties of a StreamClose.
             * @deprecated Use crawl.link.v1.StreamClose.$Properties instead.
             */
            interface IStreamClose extends crawl.link.v1.StreamClose.$Properties {
            }

            /** Represents a StreamClose. */
            class StreamClose {

                /**
                 * Constructs a new StreamClose.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.StreamClose.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** StreamClose streamId. */
                streamId: number;

                /** StreamClose reason. */
                reason: string;

                /** StreamClose message. */
                message: string;

                /**
                 * Creates a new StreamClose instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns StreamClose instance
                 */
                static create(properties: crawl.link.v1.StreamClose.$Shape): crawl.link.v1.StreamClose & crawl.link.v1.StreamClose.$Shape;
                static create(properties?: crawl.link.v1.StreamClose.$Properties): crawl.link.v1.StreamClose;

                /**
                 * Encodes the specified StreamClose message. Does not implicitly {@link crawl.link.v1.StreamClose.verify|verify} messages.
                 * @param m StreamClose message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.StreamClose.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a StreamClose message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.StreamClose & crawl.link.v1.StreamClose.$Shape} StreamClose
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.StreamClose & crawl.link.v1.StreamClose.$Shape;
            }

            namespace StreamClose {

                /** Properties of a StreamClose. */
                interface $Properties {

                    /** StreamClose streamId */
                    streamId?: (number|null);

                    /** StreamClose reason */
                    reason?: (string|null);

                    /** StreamClose message */
                    message?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a StreamClose. */
                type $Shape = crawl.link.v1.StreamClose.$Properties;
            }

            /**
             * Properties of an UpgradeOffer.
             * @deprecated Use crawl.link.v1.UpgradeOffer.$Properties instead.
             */
            interface IUpgradeOffer extends crawl.link.v1.UpgradeOffer.$Properties {
            }

            /** Represents an UpgradeOffer. */
            class UpgradeOffer {

                /**
                 * Constructs a new UpgradeOffer.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.UpgradeOffer.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** UpgradeOffer version. */
                version: string;

                /** UpgradeOffer digest. */
                digest: string;

                /** UpgradeOffer signature. */
                signature: Uint8Array;

                /** UpgradeOffer path. */
                path: string;

                /** UpgradeOffer sizeBytes. */
                sizeBytes: number;

                /**
                 * Creates a new UpgradeOffer instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns UpgradeOffer instance
                 */
                static create(properties: crawl.link.v1.UpgradeOffer.$Shape): crawl.link.v1.UpgradeOffer & crawl.link.v1.UpgradeOffer.$Shape;
                static create(properties?: crawl.link.v1.UpgradeOffer.$Properties): crawl.link.v1.UpgradeOffer;

                /**
                 * Encodes the specified UpgradeOffer message. Does not implicitly {@link crawl.link.v1.UpgradeOffer.verify|verify} messages.
                 * @param m UpgradeOffer message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.UpgradeOffer.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes an UpgradeOffer message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.UpgradeOffer & crawl.link.v1.UpgradeOffer.$Shape} UpgradeOffer
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.UpgradeOffer & crawl.link.v1.UpgradeOffer.$Shape;
            }

            namespace UpgradeOffer {

                /** Properties of an UpgradeOffer. */
                interface $Properties {

                    /** UpgradeOffer version */
                    version?: (string|null);

                    /** UpgradeOffer digest */
                    digest?: (string|null);

                    /** UpgradeOffer signature */
                    signature?: (Uint8Array|null);

                    /** UpgradeOffer path */
                    path?: (string|null);

                    /** UpgradeOffer sizeBytes */
                    sizeBytes?: (number|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of an UpgradeOffer. */
                type $Shape = crawl.link.v1.UpgradeOffer.$Properties;
            }

            /**
             * Properties of an UpgradeReport.
             * @deprecated Use crawl.link.v1.UpgradeReport.$Properties instead.
             */
            interface IUpgradeReport extends crawl.link.v1.UpgradeReport.$Properties {
            }

            /** Represents an UpgradeReport. */
            class UpgradeReport {

                /**
                 * Constructs a new UpgradeReport.
                 * @param [p] Properties to set
                 */
                constructor(p?: crawl.link.v1.UpgradeReport.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** UpgradeReport version. */
                version: string;

                /** UpgradeReport ok. */
                ok: boolean;

                /** UpgradeReport reason. */
                reason: string;

                /** UpgradeReport message. */
                message: string;

                /**
                 * Creates a new UpgradeReport instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns UpgradeReport instance
                 */
                static create(properties: crawl.link.v1.UpgradeReport.$Shape): crawl.link.v1.UpgradeReport & crawl.link.v1.UpgradeReport.$Shape;
                static create(properties?: crawl.link.v1.UpgradeReport.$Properties): crawl.link.v1.UpgradeReport;

                /**
                 * Encodes the specified UpgradeReport message. Does not implicitly {@link crawl.link.v1.UpgradeReport.verify|verify} messages.
                 * @param m UpgradeReport message or plain object to encode
                 * @param [w] Writer to encode to
                 * @returns Writer
                 */
                static encode(m: crawl.link.v1.UpgradeReport.$Properties, w?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes an UpgradeReport message from the specified reader or buffer.
                 * @param r Reader or buffer to decode from
                 * @param [l] Message length if known beforehand
                 * @returns {crawl.link.v1.UpgradeReport & crawl.link.v1.UpgradeReport.$Shape} UpgradeReport
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(r: ($protobuf.Reader|Uint8Array), l?: number): crawl.link.v1.UpgradeReport & crawl.link.v1.UpgradeReport.$Shape;
            }

            namespace UpgradeReport {

                /** Properties of an UpgradeReport. */
                interface $Properties {

                    /** UpgradeReport version */
                    version?: (string|null);

                    /** UpgradeReport ok */
                    ok?: (boolean|null);

                    /** UpgradeReport reason */
                    reason?: (string|null);

                    /** UpgradeReport message */
                    message?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of an UpgradeReport. */
                type $Shape = crawl.link.v1.UpgradeReport.$Properties;
            }
        }
    }
}
