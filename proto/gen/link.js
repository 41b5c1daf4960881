/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-mixed-operators, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars, default-case, jsdoc/require-param*/
import $protobuf from "protobufjs/minimal.js";

// Common aliases
const $Reader = $protobuf.Reader, $Writer = $protobuf.Writer, $util = $protobuf.util;
const $Object = $util.global.Object, $undefined = $util.global.undefined, $Error = $util.global.Error, $RangeError = $util.global.RangeError;

// Exported root namespace
const $root = $protobuf.roots["default"] || ($protobuf.roots["default"] = {});

export const crawl = $root.crawl = (() => {

    /**
     * Namespace crawl.
     * @exports crawl
     * @namespace
     */
    const crawl = {};

    crawl.link = (function() {

        /**
         * Namespace link.
         * @memberof crawl
         * @namespace
         */
        const link = {};

        link.v1 = (function() {

            /**
             * Namespace v1.
             * @memberof crawl.link
             * @namespace
             */
            const v1 = {};

            v1.AgentFrame = (function() {

                /**
                 * Properties of an AgentFrame.
                 * @typedef {Object} crawl.link.v1.AgentFrame.$Properties
                 * @property {crawl.link.v1.Hello.$Properties|null} [hello] AgentFrame hello
                 * @property {crawl.link.v1.Accept.$Properties|null} [accept] AgentFrame accept
                 * @property {crawl.link.v1.Reject.$Properties|null} [reject] AgentFrame reject
                 * @property {crawl.link.v1.ResultChunk.$Properties|null} [chunk] AgentFrame chunk
                 * @property {crawl.link.v1.ResultFinal.$Properties|null} [result] AgentFrame result
                 * @property {crawl.link.v1.Ping.$Properties|null} [ping] AgentFrame ping
                 * @property {crawl.link.v1.Pong.$Properties|null} [pong] AgentFrame pong
                 * @property {crawl.link.v1.Draining.$Properties|null} [draining] AgentFrame draining
                 * @property {crawl.link.v1.Availability.$Properties|null} [availability] AgentFrame availability
                 * @property {crawl.link.v1.StreamOpened.$Properties|null} [streamOpened] AgentFrame streamOpened
                 * @property {crawl.link.v1.StreamData.$Properties|null} [streamData] AgentFrame streamData
                 * @property {crawl.link.v1.StreamCredit.$Properties|null} [streamCredit] AgentFrame streamCredit
                 * @property {crawl.link.v1.StreamClose.$Properties|null} [streamClose] AgentFrame streamClose
                 * @property {crawl.link.v1.AgentBatch.$Properties|null} [batch] AgentFrame batch
                 * @property {crawl.link.v1.UpgradeReport.$Properties|null} [upgradeReport] AgentFrame upgradeReport
                 * @property {"hello"|"accept"|"reject"|"chunk"|"result"|"ping"|"pong"|"draining"|"availability"|"streamOpened"|"streamData"|"streamCredit"|"streamClose"|"batch"|"upgradeReport"} [body] AgentFrame body
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of an AgentFrame.
                 * @memberof crawl.link.v1
                 * @interface IAgentFrame
                 * @augments crawl.link.v1.AgentFrame.$Properties
                 * @deprecated Use crawl.link.v1.AgentFrame.$Properties instead.
                 */

                /**
                 * Narrowed shape of an AgentFrame.
                 * @typedef {{
                 *   hello?: crawl.link.v1.Hello.$Shape|null;
                 *   accept?: crawl.link.v1.Accept.$Shape|null;
                 *   reject?: crawl.link.v1.Reject.$Shape|null;
                 *   chunk?: crawl.link.v1.ResultChunk.$Shape|null;
                 *   result?: crawl.link.v1.ResultFinal.$Shape|null;
                 *   ping?: crawl.link.v1.Ping.$Shape|null;
                 *   pong?: crawl.link.v1.Pong.$Shape|null;
                 *   draining?: crawl.link.v1.Draining.$Shape|null;
                 *   availability?: crawl.link.v1.Availability.$Shape|null;
                 *   streamOpened?: crawl.link.v1.StreamOpened.$Shape|null;
                 *   streamData?: crawl.link.v1.StreamData.$Shape|null;
                 *   streamCredit?: crawl.link.v1.StreamCredit.$Shape|null;
                 *   streamClose?: crawl.link.v1.StreamClose.$Shape|null;
                 *   batch?: crawl.link.v1.AgentBatch.$Shape|null;
                 *   upgradeReport?: crawl.link.v1.UpgradeReport.$Shape|null;
                 *   $unknowns?: Array.<Uint8Array>;
                 * } & (
                 *   ({ body?: undefined; hello?: null; accept?: null; reject?: null; chunk?: null; result?: null; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "hello"; hello: crawl.link.v1.Hello.$Shape; accept?: null; reject?: null; chunk?: null; result?: null; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "accept"; hello?: null; accept: crawl.link.v1.Accept.$Shape; reject?: null; chunk?: null; result?: null; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "reject"; hello?: null; accept?: null; reject: crawl.link.v1.Reject.$Shape; chunk?: null; result?: null; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "chunk"; hello?: null; accept?: null; reject?: null; chunk: crawl.link.v1.ResultChunk.$Shape; result?: null; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "result"; hello?: null; accept?: null; reject?: null; chunk?: null; result: crawl.link.v1.ResultFinal.$Shape; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "ping"; hello?: null; accept?: null; reject?: null; chunk?: null; result?: null; ping: crawl.link.v1.Ping.$Shape; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "pong"; hello?: null; accept?: null; reject?: null; chunk?: null; result?: null; ping?: null; pong: crawl.link.v1.Pong.$Shape; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "draining"; hello?: null; accept?: null; reject?: null; chunk?: null; result?: null; ping?: null; pong?: null; draining: crawl.link.v1.Draining.$Shape; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "availability"; hello?: null; accept?: null; reject?: null; chunk?: null; result?: null; ping?: null; pong?: null; draining?: null; availability: crawl.link.v1.Availability.$Shape; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "streamOpened"; hello?: null; accept?: null; reject?: null; chunk?: null; result?: null; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened: crawl.link.v1.StreamOpened.$Shape; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "streamData"; hello?: null; accept?: null; reject?: null; chunk?: null; result?: null; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData: crawl.link.v1.StreamData.$Shape; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "streamCredit"; hello?: null; accept?: null; reject?: null; chunk?: null; result?: null; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit: crawl.link.v1.StreamCredit.$Shape; streamClose?: null; batch?: null; upgradeReport?: null }|{ body?: "streamClose"; hello?: null; accept?: null; reject?: null; chunk?: null; result?: null; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose: crawl.link.v1.StreamClose.$Shape; batch?: null; upgradeReport?: null }|{ body?: "batch"; hello?: null; accept?: null; reject?: null; chunk?: null; result?: null; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch: crawl.link.v1.AgentBatch.$Shape; upgradeReport?: null }|{ body?: "upgradeReport"; hello?: null; accept?: null; reject?: null; chunk?: null; result?: null; ping?: null; pong?: null; draining?: null; availability?: null; streamOpened?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgradeReport: crawl.link.v1.UpgradeReport.$Shape })
                 * )} crawl.link.v1.AgentFrame.$Shape
                 */

                /**
                 * Constructs a new AgentFrame.
                 * @memberof crawl.link.v1
                 * @classdesc Represents an AgentFrame.
                 * @constructor
                 * @param {crawl.link.v1.AgentFrame.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const AgentFrame = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * AgentFrame hello.
                 * @member {crawl.link.v1.Hello.$Properties|null|undefined} hello
                 * @memberof crawl.link.v1.AgentFrame
                 * @instance
                 */
                AgentFrame.prototype.hello = null;

                /**
                 * AgentFrame accept.
                 * @member {crawl.link.v1.Accept.$Properties|null|undefined} accept
                 * @memberof crawl.link.v1.AgentFrame
                 * @instance
                 */
                AgentFrame.prototype.accept = null;

                /**
                 * AgentFrame reject.
                 * @member {crawl.link.v1.Reject.$Properties|null|undefined} reject
                 * @memberof crawl.link.v1.AgentFrame
                 * @instance
                 */
                AgentFrame.prototype.reject = null;

                /**
                 * AgentFrame chunk.
                 * @member {crawl.link.v1.ResultChunk.$Properties|null|undefined} chunk
                 * @memberof crawl.link.v1.AgentFrame
                 * @instance
                 */
                AgentFrame.prototype.chunk = null;

                /**
                 * AgentFrame result.
                 * @member {crawl.link.v1.ResultFinal.$Properties|null|undefined} result
                 * @memberof crawl.link.v1.AgentFrame
                 * @instance
                 */
                AgentFrame.prototype.result = null;

                /**
                 * AgentFrame ping.
                 * @member {crawl.link.v1.Ping.$Properties|null|undefined} ping
                 * @memberof crawl.link.v1.AgentFrame
                 * @instance
                 */
                AgentFrame.prototype.ping = null;

                /**
                 * AgentFrame pong.
                 * @member {crawl.link.v1.Pong.$Properties|null|undefined} pong
                 * @memberof crawl.link.v1.AgentFrame
                 * @instance
                 */
                AgentFrame.prototype.pong = null;

                /**
                 * AgentFrame draining.
                 * @member {crawl.link.v1.Draining.$Properties|null|undefined} draining
                 * @memberof crawl.link.v1.AgentFrame
                 * @instance
                 */
                AgentFrame.prototype.draining = null;

                /**
                 * AgentFrame availability.
                 * @member {crawl.link.v1.Availability.$Properties|null|undefined} availability
                 * @memberof crawl.link.v1.AgentFrame
                 * @instance
                 */
                AgentFrame.prototype.availability = null;

                /**
                 * AgentFrame streamOpened.
                 * @member {crawl.link.v1.StreamOpened.$Properties|null|undefined} streamOpened
                 * @memberof crawl.link.v1.AgentFrame
                 * @instance
                 */
                AgentFrame.prototype.streamOpened = null;

                /**
                 * AgentFrame streamData.
                 * @member {crawl.link.v1.StreamData.$Properties|null|undefined} streamData
                 * @memberof crawl.link.v1.AgentFrame
                 * @instance
                 */
                AgentFrame.prototype.streamData = null;

                /**
                 * AgentFrame streamCredit.
                 * @member {crawl.link.v1.StreamCredit.$Properties|null|undefined} streamCredit
                 * @memberof crawl.link.v1.AgentFrame
                 * @instance
                 */
                AgentFrame.prototype.streamCredit = null;

                /**
                 * AgentFrame streamClose.
                 * @member {crawl.link.v1.StreamClose.$Properties|null|undefined} streamClose
                 * @memberof crawl.link.v1.AgentFrame
                 * @instance
                 */
                AgentFrame.prototype.streamClose = null;

                /**
                 * AgentFrame batch.
                 * @member {crawl.link.v1.AgentBatch.$Properties|null|undefined} batch
                 * @memberof crawl.link.v1.AgentFrame
                 * @instance
                 */
                AgentFrame.prototype.batch = null;

                /**
                 * AgentFrame upgradeReport.
                 * @member {crawl.link.v1.UpgradeReport.$Properties|null|undefined} upgradeReport
                 * @memberof crawl.link.v1.AgentFrame
                 * @instance
                 */
                AgentFrame.prototype.upgradeReport = null;

                // OneOf field names bound to virtual getters and setters
                let $oneOfFields;

                /**
                 * AgentFrame body.
                 * @member {"hello"|"accept"|"reject"|"chunk"|"result"|"ping"|"pong"|"draining"|"availability"|"streamOpened"|"streamData"|"streamCredit"|"streamClose"|"batch"|"upgradeReport"|undefined} body
                 * @memberof crawl.link.v1.AgentFrame
                 * @instance
                 */
                $Object.defineProperty(AgentFrame.prototype, "body", {
                    get: $util.oneOfGetter($oneOfFields = ["hello", "accept", "reject", "chunk", "result", "ping", "pong", "draining", "availability", "streamOpened", "streamData", "streamCredit", "streamClose", "batch", "upgradeReport"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                /**
                 * Creates a new AgentFrame instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.AgentFrame
                 * @static
                 * @param {crawl.link.v1.AgentFrame.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.AgentFrame} AgentFrame instance
                 * @type {{
                 *   (properties: crawl.link.v1.AgentFrame.$Shape): crawl.link.v1.AgentFrame & crawl.link.v1.AgentFrame.$Shape;
                 *   (properties?: crawl.link.v1.AgentFrame.$Properties): crawl.link.v1.AgentFrame;
                 * }}
                 */
                AgentFrame.create = function(properties) {
                    return new AgentFrame(properties);
                };

                /**
                 * Encodes the specified AgentFrame message. Does not implicitly {@link crawl.link.v1.AgentFrame.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.AgentFrame
                 * @static
                 * @param {crawl.link.v1.AgentFrame.$Properties} m AgentFrame message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                AgentFrame.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.hello != null && $Object.hasOwnProperty.call(m, "hello"))
                        $root.crawl.link.v1.Hello.encode(m.hello, w.uint32(/* id 1, wireType 2 =*/10).fork(), q + 1).ldelim();
                    if (m.accept != null && $Object.hasOwnProperty.call(m, "accept"))
                        $root.crawl.link.v1.Accept.encode(m.accept, w.uint32(/* id 2, wireType 2 =*/18).fork(), q + 1).ldelim();
                    if (m.reject != null && $Object.hasOwnProperty.call(m, "reject"))
                        $root.crawl.link.v1.Reject.encode(m.reject, w.uint32(/* id 3, wireType 2 =*/26).fork(), q + 1).ldelim();
                    if (m.chunk != null && $Object.hasOwnProperty.call(m, "chunk"))
                        $root.crawl.link.v1.ResultChunk.encode(m.chunk, w.uint32(/* id 4, wireType 2 =*/34).fork(), q + 1).ldelim();
                    if (m.result != null && $Object.hasOwnProperty.call(m, "result"))
                        $root.crawl.link.v1.ResultFinal.encode(m.result, w.uint32(/* id 5, wireType 2 =*/42).fork(), q + 1).ldelim();
                    if (m.ping != null && $Object.hasOwnProperty.call(m, "ping"))
                        $root.crawl.link.v1.Ping.encode(m.ping, w.uint32(/* id 6, wireType 2 =*/50).fork(), q + 1).ldelim();
                    if (m.pong != null && $Object.hasOwnProperty.call(m, "pong"))
                        $root.crawl.link.v1.Pong.encode(m.pong, w.uint32(/* id 7, wireType 2 =*/58).fork(), q + 1).ldelim();
                    if (m.draining != null && $Object.hasOwnProperty.call(m, "draining"))
                        $root.crawl.link.v1.Draining.encode(m.draining, w.uint32(/* id 8, wireType 2 =*/66).fork(), q + 1).ldelim();
                    if (m.availability != null && $Object.hasOwnProperty.call(m, "availability"))
                        $root.crawl.link.v1.Availability.encode(m.availability, w.uint32(/* id 9, wireType 2 =*/74).fork(), q + 1).ldelim();
                    if (m.streamOpened != null && $Object.hasOwnProperty.call(m, "streamOpened"))
                        $root.crawl.link.v1.StreamOpened.encode(m.streamOpened, w.uint32(/* id 15, wireType 2 =*/122).fork(), q + 1).ldelim();
                    if (m.streamData != null && $Object.hasOwnProperty.call(m, "streamData"))
                        $root.crawl.link.v1.StreamData.encode(m.streamData, w.uint32(/* id 16, wireType 2 =*/130).fork(), q + 1).ldelim();
                    if (m.streamCredit != null && $Object.hasOwnProperty.call(m, "streamCredit"))
                        $root.crawl.link.v1.StreamCredit.encode(m.streamCredit, w.uint32(/* id 17, wireType 2 =*/138).fork(), q + 1).ldelim();
                    if (m.streamClose != null && $Object.hasOwnProperty.call(m, "streamClose"))
                        $root.crawl.link.v1.StreamClose.encode(m.streamClose, w.uint32(/* id 18, wireType 2 =*/146).fork(), q + 1).ldelim();
                    if (m.batch != null && $Object.hasOwnProperty.call(m, "batch"))
                        $root.crawl.link.v1.AgentBatch.encode(m.batch, w.uint32(/* id 20, wireType 2 =*/162).fork(), q + 1).ldelim();
                    if (m.upgradeReport != null && $Object.hasOwnProperty.call(m, "upgradeReport"))
                        $root.crawl.link.v1.UpgradeReport.encode(m.upgradeReport, w.uint32(/* id 30, wireType 2 =*/242).fork(), q + 1).ldelim();
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes an AgentFrame message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.AgentFrame
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.AgentFrame & crawl.link.v1.AgentFrame.$Shape} AgentFrame
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                AgentFrame.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.AgentFrame();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                m.hello = $root.crawl.link.v1.Hello.decode(r, r.size(), $undefined, q + 1, m.hello);
                                m.body = "hello";
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                m.accept = $root.crawl.link.v1.Accept.decode(r, r.size(), $undefined, q + 1, m.accept);
                                m.body = "accept";
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                m.reject = $root.crawl.link.v1.Reject.decode(r, r.size(), $undefined, q + 1, m.reject);
                                m.body = "reject";
                                continue;
                            }
                        case 4: {
                                if (u !== 2)
                                    break;
                                m.chunk = $root.crawl.link.v1.ResultChunk.decode(r, r.size(), $undefined, q + 1, m.chunk);
                                m.body = "chunk";
                                continue;
                            }
                        case 5: {
                                if (u !== 2)
                                    break;
                                m.result = $root.crawl.link.v1.ResultFinal.decode(r, r.size(), $undefined, q + 1, m.result);
                                m.body = "result";
                                continue;
                            }
                        case 6: {
                                if (u !== 2)
                                    break;
                                m.ping = $root.crawl.link.v1.Ping.decode(r, r.size(), $undefined, q + 1, m.ping);
                                m.body = "ping";
                                continue;
                            }
                        case 7: {
                                if (u !== 2)
                                    break;
                                m.pong = $root.crawl.link.v1.Pong.decode(r, r.size(), $undefined, q + 1, m.pong);
                                m.body = "pong";
                                continue;
                            }
                        case 8: {
                                if (u !== 2)
                                    break;
                                m.draining = $root.crawl.link.v1.Draining.decode(r, r.size(), $undefined, q + 1, m.draining);
                                m.body = "draining";
                                continue;
                            }
                        case 9: {
                                if (u !== 2)
                                    break;
                                m.availability = $root.crawl.link.v1.Availability.decode(r, r.size(), $undefined, q + 1, m.availability);
                                m.body = "availability";
                                continue;
                            }
                        case 15: {
                                if (u !== 2)
                                    break;
                                m.streamOpened = $root.crawl.link.v1.StreamOpened.decode(r, r.size(), $undefined, q + 1, m.streamOpened);
                                m.body = "streamOpened";
                                continue;
                            }
                        case 16: {
                                if (u !== 2)
                                    break;
                                m.streamData = $root.crawl.link.v1.StreamData.decode(r, r.size(), $undefined, q + 1, m.streamData);
                                m.body = "streamData";
                                continue;
                            }
                        case 17: {
                                if (u !== 2)
                                    break;
                                m.streamCredit = $root.crawl.link.v1.StreamCredit.decode(r, r.size(), $undefined, q + 1, m.streamCredit);
                                m.body = "streamCredit";
                                continue;
                            }
                        case 18: {
                                if (u !== 2)
                                    break;
                                m.streamClose = $root.crawl.link.v1.StreamClose.decode(r, r.size(), $undefined, q + 1, m.streamClose);
                                m.body = "streamClose";
                                continue;
                            }
                        case 20: {
                                if (u !== 2)
                                    break;
                                m.batch = $root.crawl.link.v1.AgentBatch.decode(r, r.size(), $undefined, q + 1, m.batch);
                                m.body = "batch";
                                continue;
                            }
                        case 30: {
                                if (u !== 2)
                                    break;
                                m.upgradeReport = $root.crawl.link.v1.UpgradeReport.decode(r, r.size(), $undefined, q + 1, m.upgradeReport);
                                m.body = "upgradeReport";
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return AgentFrame;
            })();

            v1.AgentBatch = (function() {

                /**
                 * Properties of an AgentBatch.
                 * @typedef {Object} crawl.link.v1.AgentBatch.$Properties
                 * @property {Array.<crawl.link.v1.AgentFrame.$Properties>|null} [frames] AgentBatch frames
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of an AgentBatch.
                 * @memberof crawl.link.v1
                 * @interface IAgentBatch
                 * @augments crawl.link.v1.AgentBatch.$Properties
                 * @deprecated Use crawl.link.v1.AgentBatch.$Properties instead.
                 */

                /**
                 * Shape of an AgentBatch.
                 * @typedef {{
                 *   frames?: Array.<crawl.link.v1.AgentFrame.$Shape>|null;
                 *   $unknowns?: Array.<Uint8Array>;
                 * }} crawl.link.v1.AgentBatch.$Shape
                 */

                /**
                 * Constructs a new AgentBatch.
                 * @memberof crawl.link.v1
                 * @classdesc Represents an AgentBatch.
                 * @constructor
                 * @param {crawl.link.v1.AgentBatch.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const AgentBatch = function (p) {
                    this.frames = [];
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * AgentBatch frames.
                 * @member {Array.<crawl.link.v1.AgentFrame.$Properties>} frames
                 * @memberof crawl.link.v1.AgentBatch
                 * @instance
                 */
                AgentBatch.prototype.frames = $util.emptyArray;

                /**
                 * Creates a new AgentBatch instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.AgentBatch
                 * @static
                 * @param {crawl.link.v1.AgentBatch.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.AgentBatch} AgentBatch instance
                 * @type {{
                 *   (properties: crawl.link.v1.AgentBatch.$Shape): crawl.link.v1.AgentBatch & crawl.link.v1.AgentBatch.$Shape;
                 *   (properties?: crawl.link.v1.AgentBatch.$Properties): crawl.link.v1.AgentBatch;
                 * }}
                 */
                AgentBatch.create = function(properties) {
                    return new AgentBatch(properties);
                };

                /**
                 * Encodes the specified AgentBatch message. Does not implicitly {@link crawl.link.v1.AgentBatch.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.AgentBatch
                 * @static
                 * @param {crawl.link.v1.AgentBatch.$Properties} m AgentBatch message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                AgentBatch.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.frames != null && m.frames.length) {
                        for (var i = 0; i < m.frames.length; ++i)
                            $root.crawl.link.v1.AgentFrame.encode(m.frames[i], w.uint32(/* id 1, wireType 2 =*/10).fork(), q + 1).ldelim();
                    }
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes an AgentBatch message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.AgentBatch
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.AgentBatch & crawl.link.v1.AgentBatch.$Shape} AgentBatch
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                AgentBatch.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.AgentBatch();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if (!(m.frames && m.frames.length))
                                    m.frames = [];
                                m.frames.push($root.crawl.link.v1.AgentFrame.decode(r, r.size(), $undefined, q + 1));
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return AgentBatch;
            })();

            v1.CoordinatorFrame = (function() {

                /**
                 * Properties of a CoordinatorFrame.
                 * @typedef {Object} crawl.link.v1.CoordinatorFrame.$Properties
                 * @property {crawl.link.v1.Welcome.$Properties|null} [welcome] CoordinatorFrame welcome
                 * @property {crawl.link.v1.Assign.$Properties|null} [assign] CoordinatorFrame assign
                 * @property {crawl.link.v1.ResultAck.$Properties|null} [ack] CoordinatorFrame ack
                 * @property {crawl.link.v1.Cancel.$Properties|null} [cancel] CoordinatorFrame cancel
                 * @property {crawl.link.v1.Ping.$Properties|null} [ping] CoordinatorFrame ping
                 * @property {crawl.link.v1.Pong.$Properties|null} [pong] CoordinatorFrame pong
                 * @property {crawl.link.v1.Drain.$Properties|null} [drain] CoordinatorFrame drain
                 * @property {crawl.link.v1.SessionEnd.$Properties|null} [sessionEnd] CoordinatorFrame sessionEnd
                 * @property {crawl.link.v1.Standing.$Properties|null} [standing] CoordinatorFrame standing
                 * @property {crawl.link.v1.StreamOpen.$Properties|null} [streamOpen] CoordinatorFrame streamOpen
                 * @property {crawl.link.v1.StreamData.$Properties|null} [streamData] CoordinatorFrame streamData
                 * @property {crawl.link.v1.StreamCredit.$Properties|null} [streamCredit] CoordinatorFrame streamCredit
                 * @property {crawl.link.v1.StreamClose.$Properties|null} [streamClose] CoordinatorFrame streamClose
                 * @property {crawl.link.v1.CoordinatorBatch.$Properties|null} [batch] CoordinatorFrame batch
                 * @property {crawl.link.v1.UpgradeOffer.$Properties|null} [upgrade] CoordinatorFrame upgrade
                 * @property {"welcome"|"assign"|"ack"|"cancel"|"ping"|"pong"|"drain"|"sessionEnd"|"standing"|"streamOpen"|"streamData"|"streamCredit"|"streamClose"|"batch"|"upgrade"} [body] CoordinatorFrame body
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a CoordinatorFrame.
                 * @memberof crawl.link.v1
                 * @interface ICoordinatorFrame
                 * @augments crawl.link.v1.CoordinatorFrame.$Properties
                 * @deprecated Use crawl.link.v1.CoordinatorFrame.$Properties instead.
                 */

                /**
                 * Narrowed shape of a CoordinatorFrame.
                 * @typedef {{
                 *   welcome?: crawl.link.v1.Welcome.$Shape|null;
                 *   assign?: crawl.link.v1.Assign.$Shape|null;
                 *   ack?: crawl.link.v1.ResultAck.$Shape|null;
                 *   cancel?: crawl.link.v1.Cancel.$Shape|null;
                 *   ping?: crawl.link.v1.Ping.$Shape|null;
                 *   pong?: crawl.link.v1.Pong.$Shape|null;
                 *   drain?: crawl.link.v1.Drain.$Shape|null;
                 *   sessionEnd?: crawl.link.v1.SessionEnd.$Shape|null;
                 *   standing?: crawl.link.v1.Standing.$Shape|null;
                 *   streamOpen?: crawl.link.v1.StreamOpen.$Shape|null;
                 *   streamData?: crawl.link.v1.StreamData.$Shape|null;
                 *   streamCredit?: crawl.link.v1.StreamCredit.$Shape|null;
                 *   streamClose?: crawl.link.v1.StreamClose.$Shape|null;
                 *   batch?: crawl.link.v1.CoordinatorBatch.$Shape|null;
                 *   upgrade?: crawl.link.v1.UpgradeOffer.$Shape|null;
                 *   $unknowns?: Array.<Uint8Array>;
                 * } & (
                 *   ({ body?: undefined; welcome?: null; assign?: null; ack?: null; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "welcome"; welcome: crawl.link.v1.Welcome.$Shape; assign?: null; ack?: null; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "assign"; welcome?: null; assign: crawl.link.v1.Assign.$Shape; ack?: null; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "ack"; welcome?: null; assign?: null; ack: crawl.link.v1.ResultAck.$Shape; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "cancel"; welcome?: null; assign?: null; ack?: null; cancel: crawl.link.v1.Cancel.$Shape; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "ping"; welcome?: null; assign?: null; ack?: null; cancel?: null; ping: crawl.link.v1.Ping.$Shape; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "pong"; welcome?: null; assign?: null; ack?: null; cancel?: null; ping?: null; pong: crawl.link.v1.Pong.$Shape; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "drain"; welcome?: null; assign?: null; ack?: null; cancel?: null; ping?: null; pong?: null; drain: crawl.link.v1.Drain.$Shape; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "sessionEnd"; welcome?: null; assign?: null; ack?: null; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd: crawl.link.v1.SessionEnd.$Shape; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "standing"; welcome?: null; assign?: null; ack?: null; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing: crawl.link.v1.Standing.$Shape; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "streamOpen"; welcome?: null; assign?: null; ack?: null; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen: crawl.link.v1.StreamOpen.$Shape; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "streamData"; welcome?: null; assign?: null; ack?: null; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData: crawl.link.v1.StreamData.$Shape; streamCredit?: null; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "streamCredit"; welcome?: null; assign?: null; ack?: null; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit: crawl.link.v1.StreamCredit.$Shape; streamClose?: null; batch?: null; upgrade?: null }|{ body?: "streamClose"; welcome?: null; assign?: null; ack?: null; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose: crawl.link.v1.StreamClose.$Shape; batch?: null; upgrade?: null }|{ body?: "batch"; welcome?: null; assign?: null; ack?: null; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch: crawl.link.v1.CoordinatorBatch.$Shape; upgrade?: null }|{ body?: "upgrade"; welcome?: null; assign?: null; ack?: null; cancel?: null; ping?: null; pong?: null; drain?: null; sessionEnd?: null; standing?: null; streamOpen?: null; streamData?: null; streamCredit?: null; streamClose?: null; batch?: null; upgrade: crawl.link.v1.UpgradeOffer.$Shape })
                 * )} crawl.link.v1.CoordinatorFrame.$Shape
                 */

                /**
                 * Constructs a new CoordinatorFrame.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a CoordinatorFrame.
                 * @constructor
                 * @param {crawl.link.v1.CoordinatorFrame.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const CoordinatorFrame = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * CoordinatorFrame welcome.
                 * @member {crawl.link.v1.Welcome.$Properties|null|undefined} welcome
                 * @memberof crawl.link.v1.CoordinatorFrame
                 * @instance
                 */
                CoordinatorFrame.prototype.welcome = null;

                /**
                 * CoordinatorFrame assign.
                 * @member {crawl.link.v1.Assign.$Properties|null|undefined} assign
                 * @memberof crawl.link.v1.CoordinatorFrame
                 * @instance
                 */
                CoordinatorFrame.prototype.assign = null;

                /**
                 * CoordinatorFrame ack.
                 * @member {crawl.link.v1.ResultAck.$Properties|null|undefined} ack
                 * @memberof crawl.link.v1.CoordinatorFrame
                 * @instance
                 */
                CoordinatorFrame.prototype.ack = null;

                /**
                 * CoordinatorFrame cancel.
                 * @member {crawl.link.v1.Cancel.$Properties|null|undefined} cancel
                 * @memberof crawl.link.v1.CoordinatorFrame
                 * @instance
                 */
                CoordinatorFrame.prototype.cancel = null;

                /**
                 * CoordinatorFrame ping.
                 * @member {crawl.link.v1.Ping.$Properties|null|undefined} ping
                 * @memberof crawl.link.v1.CoordinatorFrame
                 * @instance
                 */
                CoordinatorFrame.prototype.ping = null;

                /**
                 * CoordinatorFrame pong.
                 * @member {crawl.link.v1.Pong.$Properties|null|undefined} pong
                 * @memberof crawl.link.v1.CoordinatorFrame
                 * @instance
                 */
                CoordinatorFrame.prototype.pong = null;

                /**
                 * CoordinatorFrame drain.
                 * @member {crawl.link.v1.Drain.$Properties|null|undefined} drain
                 * @memberof crawl.link.v1.CoordinatorFrame
                 * @instance
                 */
                CoordinatorFrame.prototype.drain = null;

                /**
                 * CoordinatorFrame sessionEnd.
                 * @member {crawl.link.v1.SessionEnd.$Properties|null|undefined} sessionEnd
                 * @memberof crawl.link.v1.CoordinatorFrame
                 * @instance
                 */
                CoordinatorFrame.prototype.sessionEnd = null;

                /**
                 * CoordinatorFrame standing.
                 * @member {crawl.link.v1.Standing.$Properties|null|undefined} standing
                 * @memberof crawl.link.v1.CoordinatorFrame
                 * @instance
                 */
                CoordinatorFrame.prototype.standing = null;

                /**
                 * CoordinatorFrame streamOpen.
                 * @member {crawl.link.v1.StreamOpen.$Properties|null|undefined} streamOpen
                 * @memberof crawl.link.v1.CoordinatorFrame
                 * @instance
                 */
                CoordinatorFrame.prototype.streamOpen = null;

                /**
                 * CoordinatorFrame streamData.
                 * @member {crawl.link.v1.StreamData.$Properties|null|undefined} streamData
                 * @memberof crawl.link.v1.CoordinatorFrame
                 * @instance
                 */
                CoordinatorFrame.prototype.streamData = null;

                /**
                 * CoordinatorFrame streamCredit.
                 * @member {crawl.link.v1.StreamCredit.$Properties|null|undefined} streamCredit
                 * @memberof crawl.link.v1.CoordinatorFrame
                 * @instance
                 */
                CoordinatorFrame.prototype.streamCredit = null;

                /**
                 * CoordinatorFrame streamClose.
                 * @member {crawl.link.v1.StreamClose.$Properties|null|undefined} streamClose
                 * @memberof crawl.link.v1.CoordinatorFrame
                 * @instance
                 */
                CoordinatorFrame.prototype.streamClose = null;

                /**
                 * CoordinatorFrame batch.
                 * @member {crawl.link.v1.CoordinatorBatch.$Properties|null|undefined} batch
                 * @memberof crawl.link.v1.CoordinatorFrame
                 * @instance
                 */
                CoordinatorFrame.prototype.batch = null;

                /**
                 * CoordinatorFrame upgrade.
                 * @member {crawl.link.v1.UpgradeOffer.$Properties|null|undefined} upgrade
                 * @memberof crawl.link.v1.CoordinatorFrame
                 * @instance
                 */
                CoordinatorFrame.prototype.upgrade = null;

                // OneOf field names bound to virtual getters and setters
                let $oneOfFields;

                /**
                 * CoordinatorFrame body.
                 * @member {"welcome"|"assign"|"ack"|"cancel"|"ping"|"pong"|"drain"|"sessionEnd"|"standing"|"streamOpen"|"streamData"|"streamCredit"|"streamClose"|"batch"|"upgrade"|undefined} body
                 * @memberof crawl.link.v1.CoordinatorFrame
                 * @instance
                 */
                $Object.defineProperty(CoordinatorFrame.prototype, "body", {
                    get: $util.oneOfGetter($oneOfFields = ["welcome", "assign", "ack", "cancel", "ping", "pong", "drain", "sessionEnd", "standing", "streamOpen", "streamData", "streamCredit", "streamClose", "batch", "upgrade"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                /**
                 * Creates a new CoordinatorFrame instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.CoordinatorFrame
                 * @static
                 * @param {crawl.link.v1.CoordinatorFrame.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.CoordinatorFrame} CoordinatorFrame instance
                 * @type {{
                 *   (properties: crawl.link.v1.CoordinatorFrame.$Shape): crawl.link.v1.CoordinatorFrame & crawl.link.v1.CoordinatorFrame.$Shape;
                 *   (properties?: crawl.link.v1.CoordinatorFrame.$Properties): crawl.link.v1.CoordinatorFrame;
                 * }}
                 */
                CoordinatorFrame.create = function(properties) {
                    return new CoordinatorFrame(properties);
                };

                /**
                 * Encodes the specified CoordinatorFrame message. Does not implicitly {@link crawl.link.v1.CoordinatorFrame.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.CoordinatorFrame
                 * @static
                 * @param {crawl.link.v1.CoordinatorFrame.$Properties} m CoordinatorFrame message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                CoordinatorFrame.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.welcome != null && $Object.hasOwnProperty.call(m, "welcome"))
                        $root.crawl.link.v1.Welcome.encode(m.welcome, w.uint32(/* id 1, wireType 2 =*/10).fork(), q + 1).ldelim();
                    if (m.assign != null && $Object.hasOwnProperty.call(m, "assign"))
                        $root.crawl.link.v1.Assign.encode(m.assign, w.uint32(/* id 2, wireType 2 =*/18).fork(), q + 1).ldelim();
                    if (m.ack != null && $Object.hasOwnProperty.call(m, "ack"))
                        $root.crawl.link.v1.ResultAck.encode(m.ack, w.uint32(/* id 3, wireType 2 =*/26).fork(), q + 1).ldelim();
                    if (m.cancel != null && $Object.hasOwnProperty.call(m, "cancel"))
                        $root.crawl.link.v1.Cancel.encode(m.cancel, w.uint32(/* id 4, wireType 2 =*/34).fork(), q + 1).ldelim();
                    if (m.ping != null && $Object.hasOwnProperty.call(m, "ping"))
                        $root.crawl.link.v1.Ping.encode(m.ping, w.uint32(/* id 5, wireType 2 =*/42).fork(), q + 1).ldelim();
                    if (m.pong != null && $Object.hasOwnProperty.call(m, "pong"))
                        $root.crawl.link.v1.Pong.encode(m.pong, w.uint32(/* id 6, wireType 2 =*/50).fork(), q + 1).ldelim();
                    if (m.drain != null && $Object.hasOwnProperty.call(m, "drain"))
                        $root.crawl.link.v1.Drain.encode(m.drain, w.uint32(/* id 7, wireType 2 =*/58).fork(), q + 1).ldelim();
                    if (m.sessionEnd != null && $Object.hasOwnProperty.call(m, "sessionEnd"))
                        $root.crawl.link.v1.SessionEnd.encode(m.sessionEnd, w.uint32(/* id 8, wireType 2 =*/66).fork(), q + 1).ldelim();
                    if (m.standing != null && $Object.hasOwnProperty.call(m, "standing"))
                        $root.crawl.link.v1.Standing.encode(m.standing, w.uint32(/* id 9, wireType 2 =*/74).fork(), q + 1).ldelim();
                    if (m.streamOpen != null && $Object.hasOwnProperty.call(m, "streamOpen"))
                        $root.crawl.link.v1.StreamOpen.encode(m.streamOpen, w.uint32(/* id 15, wireType 2 =*/122).fork(), q + 1).ldelim();
                    if (m.streamData != null && $Object.hasOwnProperty.call(m, "streamData"))
                        $root.crawl.link.v1.StreamData.encode(m.streamData, w.uint32(/* id 16, wireType 2 =*/130).fork(), q + 1).ldelim();
                    if (m.streamCredit != null && $Object.hasOwnProperty.call(m, "streamCredit"))
                        $root.crawl.link.v1.StreamCredit.encode(m.streamCredit, w.uint32(/* id 17, wireType 2 =*/138).fork(), q + 1).ldelim();
                    if (m.streamClose != null && $Object.hasOwnProperty.call(m, "streamClose"))
                        $root.crawl.link.v1.StreamClose.encode(m.streamClose, w.uint32(/* id 18, wireType 2 =*/146).fork(), q + 1).ldelim();
                    if (m.batch != null && $Object.hasOwnProperty.call(m, "batch"))
                        $root.crawl.link.v1.CoordinatorBatch.encode(m.batch, w.uint32(/* id 20, wireType 2 =*/162).fork(), q + 1).ldelim();
                    if (m.upgrade != null && $Object.hasOwnProperty.call(m, "upgrade"))
                        $root.crawl.link.v1.UpgradeOffer.encode(m.upgrade, w.uint32(/* id 30, wireType 2 =*/242).fork(), q + 1).ldelim();
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a CoordinatorFrame message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.CoordinatorFrame
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.CoordinatorFrame & crawl.link.v1.CoordinatorFrame.$Shape} CoordinatorFrame
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                CoordinatorFrame.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.CoordinatorFrame();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                m.welcome = $root.crawl.link.v1.Welcome.decode(r, r.size(), $undefined, q + 1, m.welcome);
                                m.body = "welcome";
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                m.assign = $root.crawl.link.v1.Assign.decode(r, r.size(), $undefined, q + 1, m.assign);
                                m.body = "assign";
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                m.ack = $root.crawl.link.v1.ResultAck.decode(r, r.size(), $undefined, q + 1, m.ack);
                                m.body = "ack";
                                continue;
                            }
                        case 4: {
                                if (u !== 2)
                                    break;
                                m.cancel = $root.crawl.link.v1.Cancel.decode(r, r.size(), $undefined, q + 1, m.cancel);
                                m.body = "cancel";
                                continue;
                            }
                        case 5: {
                                if (u !== 2)
                                    break;
                                m.ping = $root.crawl.link.v1.Ping.decode(r, r.size(), $undefined, q + 1, m.ping);
                                m.body = "ping";
                                continue;
                            }
                        case 6: {
                                if (u !== 2)
                                    break;
                                m.pong = $root.crawl.link.v1.Pong.decode(r, r.size(), $undefined, q + 1, m.pong);
                                m.body = "pong";
                                continue;
                            }
                        case 7: {
                                if (u !== 2)
                                    break;
                                m.drain = $root.crawl.link.v1.Drain.decode(r, r.size(), $undefined, q + 1, m.drain);
                                m.body = "drain";
                                continue;
                            }
                        case 8: {
                                if (u !== 2)
                                    break;
                                m.sessionEnd = $root.crawl.link.v1.SessionEnd.decode(r, r.size(), $undefined, q + 1, m.sessionEnd);
                                m.body = "sessionEnd";
                                continue;
                            }
                        case 9: {
                                if (u !== 2)
                                    break;
                                m.standing = $root.crawl.link.v1.Standing.decode(r, r.size(), $undefined, q + 1, m.standing);
                                m.body = "standing";
                                continue;
                            }
                        case 15: {
                                if (u !== 2)
                                    break;
                                m.streamOpen = $root.crawl.link.v1.StreamOpen.decode(r, r.size(), $undefined, q + 1, m.streamOpen);
                                m.body = "streamOpen";
                                continue;
                            }
                        case 16: {
                                if (u !== 2)
                                    break;
                                m.streamData = $root.crawl.link.v1.StreamData.decode(r, r.size(), $undefined, q + 1, m.streamData);
                                m.body = "streamData";
                                continue;
                            }
                        case 17: {
                                if (u !== 2)
                                    break;
                                m.streamCredit = $root.crawl.link.v1.StreamCredit.decode(r, r.size(), $undefined, q + 1, m.streamCredit);
                                m.body = "streamCredit";
                                continue;
                            }
                        case 18: {
                                if (u !== 2)
                                    break;
                                m.streamClose = $root.crawl.link.v1.StreamClose.decode(r, r.size(), $undefined, q + 1, m.streamClose);
                                m.body = "streamClose";
                                continue;
                            }
                        case 20: {
                                if (u !== 2)
                                    break;
                                m.batch = $root.crawl.link.v1.CoordinatorBatch.decode(r, r.size(), $undefined, q + 1, m.batch);
                                m.body = "batch";
                                continue;
                            }
                        case 30: {
                                if (u !== 2)
                                    break;
                                m.upgrade = $root.crawl.link.v1.UpgradeOffer.decode(r, r.size(), $undefined, q + 1, m.upgrade);
                                m.body = "upgrade";
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return CoordinatorFrame;
            })();

            v1.CoordinatorBatch = (function() {

                /**
                 * Properties of a CoordinatorBatch.
                 * @typedef {Object} crawl.link.v1.CoordinatorBatch.$Properties
                 * @property {Array.<crawl.link.v1.CoordinatorFrame.$Properties>|null} [frames] CoordinatorBatch frames
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a CoordinatorBatch.
                 * @memberof crawl.link.v1
                 * @interface ICoordinatorBatch
                 * @augments crawl.link.v1.CoordinatorBatch.$Properties
                 * @deprecated Use crawl.link.v1.CoordinatorBatch.$Properties instead.
                 */

                /**
                 * Shape of a CoordinatorBatch.
                 * @typedef {{
                 *   frames?: Array.<crawl.link.v1.CoordinatorFrame.$Shape>|null;
                 *   $unknowns?: Array.<Uint8Array>;
                 * }} crawl.link.v1.CoordinatorBatch.$Shape
                 */

                /**
                 * Constructs a new CoordinatorBatch.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a CoordinatorBatch.
                 * @constructor
                 * @param {crawl.link.v1.CoordinatorBatch.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const CoordinatorBatch = function (p) {
                    this.frames = [];
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * CoordinatorBatch frames.
                 * @member {Array.<crawl.link.v1.CoordinatorFrame.$Properties>} frames
                 * @memberof crawl.link.v1.CoordinatorBatch
                 * @instance
                 */
                CoordinatorBatch.prototype.frames = $util.emptyArray;

                /**
                 * Creates a new CoordinatorBatch instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.CoordinatorBatch
                 * @static
                 * @param {crawl.link.v1.CoordinatorBatch.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.CoordinatorBatch} CoordinatorBatch instance
                 * @type {{
                 *   (properties: crawl.link.v1.CoordinatorBatch.$Shape): crawl.link.v1.CoordinatorBatch & crawl.link.v1.CoordinatorBatch.$Shape;
                 *   (properties?: crawl.link.v1.CoordinatorBatch.$Properties): crawl.link.v1.CoordinatorBatch;
                 * }}
                 */
                CoordinatorBatch.create = function(properties) {
                    return new CoordinatorBatch(properties);
                };

                /**
                 * Encodes the specified CoordinatorBatch message. Does not implicitly {@link crawl.link.v1.CoordinatorBatch.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.CoordinatorBatch
                 * @static
                 * @param {crawl.link.v1.CoordinatorBatch.$Properties} m CoordinatorBatch message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                CoordinatorBatch.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.frames != null && m.frames.length) {
                        for (var i = 0; i < m.frames.length; ++i)
                            $root.crawl.link.v1.CoordinatorFrame.encode(m.frames[i], w.uint32(/* id 1, wireType 2 =*/10).fork(), q + 1).ldelim();
                    }
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a CoordinatorBatch message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.CoordinatorBatch
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.CoordinatorBatch & crawl.link.v1.CoordinatorBatch.$Shape} CoordinatorBatch
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                CoordinatorBatch.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.CoordinatorBatch();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if (!(m.frames && m.frames.length))
                                    m.frames = [];
                                m.frames.push($root.crawl.link.v1.CoordinatorFrame.decode(r, r.size(), $undefined, q + 1));
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return CoordinatorBatch;
            })();

            v1.Location = (function() {

                /**
                 * Properties of a Location.
                 * @typedef {Object} crawl.link.v1.Location.$Properties
                 * @property {string|null} [country] Location country
                 * @property {string|null} [region] Location region
                 * @property {string|null} [city] Location city
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Location.
                 * @memberof crawl.link.v1
                 * @interface ILocation
                 * @augments crawl.link.v1.Location.$Properties
                 * @deprecated Use crawl.link.v1.Location.$Properties instead.
                 */

                /**
                 * Shape of a Location.
                 * @typedef {crawl.link.v1.Location.$Properties} crawl.link.v1.Location.$Shape
                 */

                /**
                 * Constructs a new Location.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a Location.
                 * @constructor
                 * @param {crawl.link.v1.Location.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Location = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * Location country.
                 * @member {string} country
                 * @memberof crawl.link.v1.Location
                 * @instance
                 */
                Location.prototype.country = "";

                /**
                 * Location region.
                 * @member {string} region
                 * @memberof crawl.link.v1.Location
                 * @instance
                 */
                Location.prototype.region = "";

                /**
                 * Location city.
                 * @member {string} city
                 * @memberof crawl.link.v1.Location
                 * @instance
                 */
                Location.prototype.city = "";

                /**
                 * Creates a new Location instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.Location
                 * @static
                 * @param {crawl.link.v1.Location.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.Location} Location instance
                 * @type {{
                 *   (properties: crawl.link.v1.Location.$Shape): crawl.link.v1.Location & crawl.link.v1.Location.$Shape;
                 *   (properties?: crawl.link.v1.Location.$Properties): crawl.link.v1.Location;
                 * }}
                 */
                Location.create = function(properties) {
                    return new Location(properties);
                };

                /**
                 * Encodes the specified Location message. Does not implicitly {@link crawl.link.v1.Location.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.Location
                 * @static
                 * @param {crawl.link.v1.Location.$Properties} m Location message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Location.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.country != null && $Object.hasOwnProperty.call(m, "country") && m.country !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.country);
                    if (m.region != null && $Object.hasOwnProperty.call(m, "region") && m.region !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.region);
                    if (m.city != null && $Object.hasOwnProperty.call(m, "city") && m.city !== "")
                        w.uint32(/* id 3, wireType 2 =*/26).string(m.city);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a Location message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.Location
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Location & crawl.link.v1.Location.$Shape} Location
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Location.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.Location();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.country = v;
                                else
                                    delete m.country;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.region = v;
                                else
                                    delete m.region;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.city = v;
                                else
                                    delete m.city;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return Location;
            })();

            v1.Capabilities = (function() {

                /**
                 * Properties of a Capabilities.
                 * @typedef {Object} crawl.link.v1.Capabilities.$Properties
                 * @property {Array.<string>|null} [methods] Capabilities methods
                 * @property {number|null} [maxConcurrent] Capabilities maxConcurrent
                 * @property {string|null} [browserVersion] Capabilities browserVersion
                 * @property {number|null} [maxBodyBytes] Capabilities maxBodyBytes
                 * @property {Array.<string>|null} [pageFeatures] Capabilities pageFeatures
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Capabilities.
                 * @memberof crawl.link.v1
                 * @interface ICapabilities
                 * @augments crawl.link.v1.Capabilities.$Properties
                 * @deprecated Use crawl.link.v1.Capabilities.$Properties instead.
                 */

                /**
                 * Shape of a Capabilities.
                 * @typedef {crawl.link.v1.Capabilities.$Properties} crawl.link.v1.Capabilities.$Shape
                 */

                /**
                 * Constructs a new Capabilities.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a Capabilities.
                 * @constructor
                 * @param {crawl.link.v1.Capabilities.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Capabilities = function (p) {
                    this.methods = [];
                    this.pageFeatures = [];
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * Capabilities methods.
                 * @member {Array.<string>} methods
                 * @memberof crawl.link.v1.Capabilities
                 * @instance
                 */
                Capabilities.prototype.methods = $util.emptyArray;

                /**
                 * Capabilities maxConcurrent.
                 * @member {number} maxConcurrent
                 * @memberof crawl.link.v1.Capabilities
                 * @instance
                 */
                Capabilities.prototype.maxConcurrent = 0;

                /**
                 * Capabilities browserVersion.
                 * @member {string} browserVersion
                 * @memberof crawl.link.v1.Capabilities
                 * @instance
                 */
                Capabilities.prototype.browserVersion = "";

                /**
                 * Capabilities maxBodyBytes.
                 * @member {number} maxBodyBytes
                 * @memberof crawl.link.v1.Capabilities
                 * @instance
                 */
                Capabilities.prototype.maxBodyBytes = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * Capabilities pageFeatures.
                 * @member {Array.<string>} pageFeatures
                 * @memberof crawl.link.v1.Capabilities
                 * @instance
                 */
                Capabilities.prototype.pageFeatures = $util.emptyArray;

                /**
                 * Creates a new Capabilities instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.Capabilities
                 * @static
                 * @param {crawl.link.v1.Capabilities.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.Capabilities} Capabilities instance
                 * @type {{
                 *   (properties: crawl.link.v1.Capabilities.$Shape): crawl.link.v1.Capabilities & crawl.link.v1.Capabilities.$Shape;
                 *   (properties?: crawl.link.v1.Capabilities.$Properties): crawl.link.v1.Capabilities;
                 * }}
                 */
                Capabilities.create = function(properties) {
                    return new Capabilities(properties);
                };

                /**
                 * Encodes the specified Capabilities message. Does not implicitly {@link crawl.link.v1.Capabilities.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.Capabilities
                 * @static
                 * @param {crawl.link.v1.Capabilities.$Properties} m Capabilities message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Capabilities.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.methods != null && m.methods.length) {
                        for (var i = 0; i < m.methods.length; ++i)
                            w.uint32(/* id 1, wireType 2 =*/10).string(m.methods[i]);
                    }
                    if (m.maxConcurrent != null && $Object.hasOwnProperty.call(m, "maxConcurrent") && m.maxConcurrent !== 0)
                        w.uint32(/* id 2, wireType 0 =*/16).uint32(m.maxConcurrent);
                    if (m.browserVersion != null && $Object.hasOwnProperty.call(m, "browserVersion") && m.browserVersion !== "")
                        w.uint32(/* id 3, wireType 2 =*/26).string(m.browserVersion);
                    if (m.maxBodyBytes != null && $Object.hasOwnProperty.call(m, "maxBodyBytes") && (typeof m.maxBodyBytes === "object" ? m.maxBodyBytes.low || m.maxBodyBytes.high : m.maxBodyBytes !== 0))
                        w.uint32(/* id 4, wireType 0 =*/32).uint64(m.maxBodyBytes);
                    if (m.pageFeatures != null && m.pageFeatures.length) {
                        for (var i = 0; i < m.pageFeatures.length; ++i)
                            w.uint32(/* id 30, wireType 2 =*/242).string(m.pageFeatures[i]);
                    }
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a Capabilities message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.Capabilities
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Capabilities & crawl.link.v1.Capabilities.$Shape} Capabilities
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Capabilities.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.Capabilities();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if (!(m.methods && m.methods.length))
                                    m.methods = [];
                                m.methods.push(r.stringVerify());
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.maxConcurrent = v;
                                else
                                    delete m.maxConcurrent;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.browserVersion = v;
                                else
                                    delete m.browserVersion;
                                continue;
                            }
                        case 4: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                    m.maxBodyBytes = v;
                                else
                                    delete m.maxBodyBytes;
                                continue;
                            }
                        case 30: {
                                if (u !== 2)
                                    break;
                                if (!(m.pageFeatures && m.pageFeatures.length))
                                    m.pageFeatures = [];
                                m.pageFeatures.push(r.stringVerify());
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return Capabilities;
            })();

            v1.JobRef = (function() {

                /**
                 * Properties of a JobRef.
                 * @typedef {Object} crawl.link.v1.JobRef.$Properties
                 * @property {string|null} [jobId] JobRef jobId
                 * @property {number|null} [attempt] JobRef attempt
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a JobRef.
                 * @memberof crawl.link.v1
                 * @interface IJobRef
                 * @augments crawl.link.v1.JobRef.$Properties
                 * @deprecated Use crawl.link.v1.JobRef.$Properties instead.
                 */

                /**
                 * Shape of a JobRef.
                 * @typedef {crawl.link.v1.JobRef.$Properties} crawl.link.v1.JobRef.$Shape
                 */

                /**
                 * Constructs a new JobRef.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a JobRef.
                 * @constructor
                 * @param {crawl.link.v1.JobRef.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const JobRef = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * JobRef jobId.
                 * @member {string} jobId
                 * @memberof crawl.link.v1.JobRef
                 * @instance
                 */
                JobRef.prototype.jobId = "";

                /**
                 * JobRef attempt.
                 * @member {number} attempt
                 * @memberof crawl.link.v1.JobRef
                 * @instance
                 */
                JobRef.prototype.attempt = 0;

                /**
                 * Creates a new JobRef instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.JobRef
                 * @static
                 * @param {crawl.link.v1.JobRef.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.JobRef} JobRef instance
                 * @type {{
                 *   (properties: crawl.link.v1.JobRef.$Shape): crawl.link.v1.JobRef & crawl.link.v1.JobRef.$Shape;
                 *   (properties?: crawl.link.v1.JobRef.$Properties): crawl.link.v1.JobRef;
                 * }}
                 */
                JobRef.create = function(properties) {
                    return new JobRef(properties);
                };

                /**
                 * Encodes the specified JobRef message. Does not implicitly {@link crawl.link.v1.JobRef.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.JobRef
                 * @static
                 * @param {crawl.link.v1.JobRef.$Properties} m JobRef message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                JobRef.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.jobId != null && $Object.hasOwnProperty.call(m, "jobId") && m.jobId !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.jobId);
                    if (m.attempt != null && $Object.hasOwnProperty.call(m, "attempt") && m.attempt !== 0)
                        w.uint32(/* id 2, wireType 0 =*/16).uint32(m.attempt);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a JobRef message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.JobRef
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.JobRef & crawl.link.v1.JobRef.$Shape} JobRef
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                JobRef.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.JobRef();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.jobId = v;
                                else
                                    delete m.jobId;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.attempt = v;
                                else
                                    delete m.attempt;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return JobRef;
            })();

            v1.Hello = (function() {

                /**
                 * Properties of a Hello.
                 * @typedef {Object} crawl.link.v1.Hello.$Properties
                 * @property {number|null} [protocolVersion] Hello protocolVersion
                 * @property {string|null} [deviceId] Hello deviceId
                 * @property {string|null} [agentVersion] Hello agentVersion
                 * @property {crawl.link.v1.Capabilities.$Properties|null} [capabilities] Hello capabilities
                 * @property {crawl.link.v1.Location.$Properties|null} [location] Hello location
                 * @property {string|null} [deviceType] Hello deviceType
                 * @property {string|null} [networkType] Hello networkType
                 * @property {Array.<crawl.link.v1.JobRef.$Properties>|null} [running] Hello running
                 * @property {boolean|null} [draining] Hello draining
                 * @property {crawl.link.v1.OwnerControls.$Properties|null} [ownerControls] Hello ownerControls
                 * @property {crawl.link.v1.ProxyOffer.$Properties|null} [proxy] Hello proxy
                 * @property {boolean|null} [batchFrames] Hello batchFrames
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Hello.
                 * @memberof crawl.link.v1
                 * @interface IHello
                 * @augments crawl.link.v1.Hello.$Properties
                 * @deprecated Use crawl.link.v1.Hello.$Properties instead.
                 */

                /**
                 * Shape of a Hello.
                 * @typedef {crawl.link.v1.Hello.$Properties} crawl.link.v1.Hello.$Shape
                 */

                /**
                 * Constructs a new Hello.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a Hello.
                 * @constructor
                 * @param {crawl.link.v1.Hello.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Hello = function (p) {
                    this.running = [];
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * Hello protocolVersion.
                 * @member {number} protocolVersion
                 * @memberof crawl.link.v1.Hello
                 * @instance
                 */
                Hello.prototype.protocolVersion = 0;

                /**
                 * Hello deviceId.
                 * @member {string} deviceId
                 * @memberof crawl.link.v1.Hello
                 * @instance
                 */
                Hello.prototype.deviceId = "";

                /**
                 * Hello agentVersion.
                 * @member {string} agentVersion
                 * @memberof crawl.link.v1.Hello
                 * @instance
                 */
                Hello.prototype.agentVersion = "";

                /**
                 * Hello capabilities.
                 * @member {crawl.link.v1.Capabilities.$Properties|null|undefined} capabilities
                 * @memberof crawl.link.v1.Hello
                 * @instance
                 */
                Hello.prototype.capabilities = null;

                /**
                 * Hello location.
                 * @member {crawl.link.v1.Location.$Properties|null|undefined} location
                 * @memberof crawl.link.v1.Hello
                 * @instance
                 */
                Hello.prototype.location = null;

                /**
                 * Hello deviceType.
                 * @member {string} deviceType
                 * @memberof crawl.link.v1.Hello
                 * @instance
                 */
                Hello.prototype.deviceType = "";

                /**
                 * Hello networkType.
                 * @member {string} networkType
                 * @memberof crawl.link.v1.Hello
                 * @instance
                 */
                Hello.prototype.networkType = "";

                /**
                 * Hello running.
                 * @member {Array.<crawl.link.v1.JobRef.$Properties>} running
                 * @memberof crawl.link.v1.Hello
                 * @instance
                 */
                Hello.prototype.running = $util.emptyArray;

                /**
                 * Hello draining.
                 * @member {boolean} draining
                 * @memberof crawl.link.v1.Hello
                 * @instance
                 */
                Hello.prototype.draining = false;

                /**
                 * Hello ownerControls.
                 * @member {crawl.link.v1.OwnerControls.$Properties|null|undefined} ownerControls
                 * @memberof crawl.link.v1.Hello
                 * @instance
                 */
                Hello.prototype.ownerControls = null;

                /**
                 * Hello proxy.
                 * @member {crawl.link.v1.ProxyOffer.$Properties|null|undefined} proxy
                 * @memberof crawl.link.v1.Hello
                 * @instance
                 */
                Hello.prototype.proxy = null;

                /**
                 * Hello batchFrames.
                 * @member {boolean} batchFrames
                 * @memberof crawl.link.v1.Hello
                 * @instance
                 */
                Hello.prototype.batchFrames = false;

                /**
                 * Creates a new Hello instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.Hello
                 * @static
                 * @param {crawl.link.v1.Hello.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.Hello} Hello instance
                 * @type {{
                 *   (properties: crawl.link.v1.Hello.$Shape): crawl.link.v1.Hello & crawl.link.v1.Hello.$Shape;
                 *   (properties?: crawl.link.v1.Hello.$Properties): crawl.link.v1.Hello;
                 * }}
                 */
                Hello.create = function(properties) {
                    return new Hello(properties);
                };

                /**
                 * Encodes the specified Hello message. Does not implicitly {@link crawl.link.v1.Hello.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.Hello
                 * @static
                 * @param {crawl.link.v1.Hello.$Properties} m Hello message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Hello.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.protocolVersion != null && $Object.hasOwnProperty.call(m, "protocolVersion") && m.protocolVersion !== 0)
                        w.uint32(/* id 1, wireType 0 =*/8).uint32(m.protocolVersion);
                    if (m.deviceId != null && $Object.hasOwnProperty.call(m, "deviceId") && m.deviceId !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.deviceId);
                    if (m.agentVersion != null && $Object.hasOwnProperty.call(m, "agentVersion") && m.agentVersion !== "")
                        w.uint32(/* id 3, wireType 2 =*/26).string(m.agentVersion);
                    if (m.capabilities != null && $Object.hasOwnProperty.call(m, "capabilities"))
                        $root.crawl.link.v1.Capabilities.encode(m.capabilities, w.uint32(/* id 4, wireType 2 =*/34).fork(), q + 1).ldelim();
                    if (m.location != null && $Object.hasOwnProperty.call(m, "location"))
                        $root.crawl.link.v1.Location.encode(m.location, w.uint32(/* id 5, wireType 2 =*/42).fork(), q + 1).ldelim();
                    if (m.deviceType != null && $Object.hasOwnProperty.call(m, "deviceType") && m.deviceType !== "")
                        w.uint32(/* id 6, wireType 2 =*/50).string(m.deviceType);
                    if (m.networkType != null && $Object.hasOwnProperty.call(m, "networkType") && m.networkType !== "")
                        w.uint32(/* id 7, wireType 2 =*/58).string(m.networkType);
                    if (m.running != null && m.running.length) {
                        for (var i = 0; i < m.running.length; ++i)
                            $root.crawl.link.v1.JobRef.encode(m.running[i], w.uint32(/* id 8, wireType 2 =*/66).fork(), q + 1).ldelim();
                    }
                    if (m.draining != null && $Object.hasOwnProperty.call(m, "draining") && m.draining !== false)
                        w.uint32(/* id 9, wireType 0 =*/72).bool(m.draining);
                    if (m.ownerControls != null && $Object.hasOwnProperty.call(m, "ownerControls"))
                        $root.crawl.link.v1.OwnerControls.encode(m.ownerControls, w.uint32(/* id 10, wireType 2 =*/82).fork(), q + 1).ldelim();
                    if (m.proxy != null && $Object.hasOwnProperty.call(m, "proxy"))
                        $root.crawl.link.v1.ProxyOffer.encode(m.proxy, w.uint32(/* id 25, wireType 2 =*/202).fork(), q + 1).ldelim();
                    if (m.batchFrames != null && $Object.hasOwnProperty.call(m, "batchFrames") && m.batchFrames !== false)
                        w.uint32(/* id 26, wireType 0 =*/208).bool(m.batchFrames);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a Hello message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.Hello
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Hello & crawl.link.v1.Hello.$Shape} Hello
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Hello.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.Hello();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.protocolVersion = v;
                                else
                                    delete m.protocolVersion;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.deviceId = v;
                                else
                                    delete m.deviceId;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.agentVersion = v;
                                else
                                    delete m.agentVersion;
                                continue;
                            }
                        case 4: {
                                if (u !== 2)
                                    break;
                                m.capabilities = $root.crawl.link.v1.Capabilities.decode(r, r.size(), $undefined, q + 1, m.capabilities);
                                continue;
                            }
                        case 5: {
                                if (u !== 2)
                                    break;
                                m.location = $root.crawl.link.v1.Location.decode(r, r.size(), $undefined, q + 1, m.location);
                                continue;
                            }
                        case 6: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.deviceType = v;
                                else
                                    delete m.deviceType;
                                continue;
                            }
                        case 7: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.networkType = v;
                                else
                                    delete m.networkType;
                                continue;
                            }
                        case 8: {
                                if (u !== 2)
                                    break;
                                if (!(m.running && m.running.length))
                                    m.running = [];
                                m.running.push($root.crawl.link.v1.JobRef.decode(r, r.size(), $undefined, q + 1));
                                continue;
                            }
                        case 9: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.draining = v;
                                else
                                    delete m.draining;
                                continue;
                            }
                        case 10: {
                                if (u !== 2)
                                    break;
                                m.ownerControls = $root.crawl.link.v1.OwnerControls.decode(r, r.size(), $undefined, q + 1, m.ownerControls);
                                continue;
                            }
                        case 25: {
                                if (u !== 2)
                                    break;
                                m.proxy = $root.crawl.link.v1.ProxyOffer.decode(r, r.size(), $undefined, q + 1, m.proxy);
                                continue;
                            }
                        case 26: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.batchFrames = v;
                                else
                                    delete m.batchFrames;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return Hello;
            })();

            v1.ProxyOffer = (function() {

                /**
                 * Properties of a ProxyOffer.
                 * @typedef {Object} crawl.link.v1.ProxyOffer.$Properties
                 * @property {Array.<number>|null} [ports] ProxyOffer ports
                 * @property {number|null} [maxStreams] ProxyOffer maxStreams
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a ProxyOffer.
                 * @memberof crawl.link.v1
                 * @interface IProxyOffer
                 * @augments crawl.link.v1.ProxyOffer.$Properties
                 * @deprecated Use crawl.link.v1.ProxyOffer.$Properties instead.
                 */

                /**
                 * Shape of a ProxyOffer.
                 * @typedef {crawl.link.v1.ProxyOffer.$Properties} crawl.link.v1.ProxyOffer.$Shape
                 */

                /**
                 * Constructs a new ProxyOffer.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a ProxyOffer.
                 * @constructor
                 * @param {crawl.link.v1.ProxyOffer.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const ProxyOffer = function (p) {
                    this.ports = [];
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * ProxyOffer ports.
                 * @member {Array.<number>} ports
                 * @memberof crawl.link.v1.ProxyOffer
                 * @instance
                 */
                ProxyOffer.prototype.ports = $util.emptyArray;

                /**
                 * ProxyOffer maxStreams.
                 * @member {number} maxStreams
                 * @memberof crawl.link.v1.ProxyOffer
                 * @instance
                 */
                ProxyOffer.prototype.maxStreams = 0;

                /**
                 * Creates a new ProxyOffer instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.ProxyOffer
                 * @static
                 * @param {crawl.link.v1.ProxyOffer.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.ProxyOffer} ProxyOffer instance
                 * @type {{
                 *   (properties: crawl.link.v1.ProxyOffer.$Shape): crawl.link.v1.ProxyOffer & crawl.link.v1.ProxyOffer.$Shape;
                 *   (properties?: crawl.link.v1.ProxyOffer.$Properties): crawl.link.v1.ProxyOffer;
                 * }}
                 */
                ProxyOffer.create = function(properties) {
                    return new ProxyOffer(properties);
                };

                /**
                 * Encodes the specified ProxyOffer message. Does not implicitly {@link crawl.link.v1.ProxyOffer.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.ProxyOffer
                 * @static
                 * @param {crawl.link.v1.ProxyOffer.$Properties} m ProxyOffer message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                ProxyOffer.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.ports != null && m.ports.length) {
                        w.uint32(/* id 1, wireType 2 =*/10).uint32s(m.ports);
                    }
                    if (m.maxStreams != null && $Object.hasOwnProperty.call(m, "maxStreams") && m.maxStreams !== 0)
                        w.uint32(/* id 2, wireType 0 =*/16).uint32(m.maxStreams);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a ProxyOffer message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.ProxyOffer
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.ProxyOffer & crawl.link.v1.ProxyOffer.$Shape} ProxyOffer
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                ProxyOffer.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.ProxyOffer();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u === 2) {
                                    if (!(m.ports && m.ports.length))
                                        m.ports = [];
                                    r.uint32s(m.ports);
                                    continue;
                                }
                                if (u !== 0)
                                    break;
                                if (!(m.ports && m.ports.length))
                                    m.ports = [];
                                m.ports.push(r.uint32());
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.maxStreams = v;
                                else
                                    delete m.maxStreams;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return ProxyOffer;
            })();

            v1.HourWindow = (function() {

                /**
                 * Properties of an HourWindow.
                 * @typedef {Object} crawl.link.v1.HourWindow.$Properties
                 * @property {number|null} [startMinute] HourWindow startMinute
                 * @property {number|null} [endMinute] HourWindow endMinute
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of an HourWindow.
                 * @memberof crawl.link.v1
                 * @interface IHourWindow
                 * @augments crawl.link.v1.HourWindow.$Properties
                 * @deprecated Use crawl.link.v1.HourWindow.$Properties instead.
                 */

                /**
                 * Shape of an HourWindow.
                 * @typedef {crawl.link.v1.HourWindow.$Properties} crawl.link.v1.HourWindow.$Shape
                 */

                /**
                 * Constructs a new HourWindow.
                 * @memberof crawl.link.v1
                 * @classdesc Represents an HourWindow.
                 * @constructor
                 * @param {crawl.link.v1.HourWindow.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const HourWindow = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * HourWindow startMinute.
                 * @member {number} startMinute
                 * @memberof crawl.link.v1.HourWindow
                 * @instance
                 */
                HourWindow.prototype.startMinute = 0;

                /**
                 * HourWindow endMinute.
                 * @member {number} endMinute
                 * @memberof crawl.link.v1.HourWindow
                 * @instance
                 */
                HourWindow.prototype.endMinute = 0;

                /**
                 * Creates a new HourWindow instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.HourWindow
                 * @static
                 * @param {crawl.link.v1.HourWindow.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.HourWindow} HourWindow instance
                 * @type {{
                 *   (properties: crawl.link.v1.HourWindow.$Shape): crawl.link.v1.HourWindow & crawl.link.v1.HourWindow.$Shape;
                 *   (properties?: crawl.link.v1.HourWindow.$Properties): crawl.link.v1.HourWindow;
                 * }}
                 */
                HourWindow.create = function(properties) {
                    return new HourWindow(properties);
                };

                /**
                 * Encodes the specified HourWindow message. Does not implicitly {@link crawl.link.v1.HourWindow.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.HourWindow
                 * @static
                 * @param {crawl.link.v1.HourWindow.$Properties} m HourWindow message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                HourWindow.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.startMinute != null && $Object.hasOwnProperty.call(m, "startMinute") && m.startMinute !== 0)
                        w.uint32(/* id 1, wireType 0 =*/8).uint32(m.startMinute);
                    if (m.endMinute != null && $Object.hasOwnProperty.call(m, "endMinute") && m.endMinute !== 0)
                        w.uint32(/* id 2, wireType 0 =*/16).uint32(m.endMinute);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes an HourWindow message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.HourWindow
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.HourWindow & crawl.link.v1.HourWindow.$Shape} HourWindow
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                HourWindow.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.HourWindow();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.startMinute = v;
                                else
                                    delete m.startMinute;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.endMinute = v;
                                else
                                    delete m.endMinute;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return HourWindow;
            })();

            v1.OwnerControls = (function() {

                /**
                 * Properties of an OwnerControls.
                 * @typedef {Object} crawl.link.v1.OwnerControls.$Properties
                 * @property {number|null} [maxJobsPerMinute] OwnerControls maxJobsPerMinute
                 * @property {number|null} [maxBytesPerDay] OwnerControls maxBytesPerDay
                 * @property {Array.<crawl.link.v1.HourWindow.$Properties>|null} [allowedHours] OwnerControls allowedHours
                 * @property {number|null} [utcOffsetMinutes] OwnerControls utcOffsetMinutes
                 * @property {Array.<string>|null} [allowDomains] OwnerControls allowDomains
                 * @property {Array.<string>|null} [denyDomains] OwnerControls denyDomains
                 * @property {boolean|null} [paused] OwnerControls paused
                 * @property {number|null} [bytesToday] OwnerControls bytesToday
                 * @property {boolean|null} [proxy] OwnerControls proxy
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of an OwnerControls.
                 * @memberof crawl.link.v1
                 * @interface IOwnerControls
                 * @augments crawl.link.v1.OwnerControls.$Properties
                 * @deprecated Use crawl.link.v1.OwnerControls.$Properties instead.
                 */

                /**
                 * Shape of an OwnerControls.
                 * @typedef {crawl.link.v1.OwnerControls.$Properties} crawl.link.v1.OwnerControls.$Shape
                 */

                /**
                 * Constructs a new OwnerControls.
                 * @memberof crawl.link.v1
                 * @classdesc Represents an OwnerControls.
                 * @constructor
                 * @param {crawl.link.v1.OwnerControls.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const OwnerControls = function (p) {
                    this.allowedHours = [];
                    this.allowDomains = [];
                    this.denyDomains = [];
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * OwnerControls maxJobsPerMinute.
                 * @member {number} maxJobsPerMinute
                 * @memberof crawl.link.v1.OwnerControls
                 * @instance
                 */
                OwnerControls.prototype.maxJobsPerMinute = 0;

                /**
                 * OwnerControls maxBytesPerDay.
                 * @member {number} maxBytesPerDay
                 * @memberof crawl.link.v1.OwnerControls
                 * @instance
                 */
                OwnerControls.prototype.maxBytesPerDay = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * OwnerControls allowedHours.
                 * @member {Array.<crawl.link.v1.HourWindow.$Properties>} allowedHours
                 * @memberof crawl.link.v1.OwnerControls
                 * @instance
                 */
                OwnerControls.prototype.allowedHours = $util.emptyArray;

                /**
                 * OwnerControls utcOffsetMinutes.
                 * @member {number} utcOffsetMinutes
                 * @memberof crawl.link.v1.OwnerControls
                 * @instance
                 */
                OwnerControls.prototype.utcOffsetMinutes = 0;

                /**
                 * OwnerControls allowDomains.
                 * @member {Array.<string>} allowDomains
                 * @memberof crawl.link.v1.OwnerControls
                 * @instance
                 */
                OwnerControls.prototype.allowDomains = $util.emptyArray;

                /**
                 * OwnerControls denyDomains.
                 * @member {Array.<string>} denyDomains
                 * @memberof crawl.link.v1.OwnerControls
                 * @instance
                 */
                OwnerControls.prototype.denyDomains = $util.emptyArray;

                /**
                 * OwnerControls paused.
                 * @member {boolean} paused
                 * @memberof crawl.link.v1.OwnerControls
                 * @instance
                 */
                OwnerControls.prototype.paused = false;

                /**
                 * OwnerControls bytesToday.
                 * @member {number} bytesToday
                 * @memberof crawl.link.v1.OwnerControls
                 * @instance
                 */
                OwnerControls.prototype.bytesToday = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * OwnerControls proxy.
                 * @member {boolean} proxy
                 * @memberof crawl.link.v1.OwnerControls
                 * @instance
                 */
                OwnerControls.prototype.proxy = false;

                /**
                 * Creates a new OwnerControls instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.OwnerControls
                 * @static
                 * @param {crawl.link.v1.OwnerControls.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.OwnerControls} OwnerControls instance
                 * @type {{
                 *   (properties: crawl.link.v1.OwnerControls.$Shape): crawl.link.v1.OwnerControls & crawl.link.v1.OwnerControls.$Shape;
                 *   (properties?: crawl.link.v1.OwnerControls.$Properties): crawl.link.v1.OwnerControls;
                 * }}
                 */
                OwnerControls.create = function(properties) {
                    return new OwnerControls(properties);
                };

                /**
                 * Encodes the specified OwnerControls message. Does not implicitly {@link crawl.link.v1.OwnerControls.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.OwnerControls
                 * @static
                 * @param {crawl.link.v1.OwnerControls.$Properties} m OwnerControls message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                OwnerControls.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.maxJobsPerMinute != null && $Object.hasOwnProperty.call(m, "maxJobsPerMinute") && m.maxJobsPerMinute !== 0)
                        w.uint32(/* id 1, wireType 0 =*/8).uint32(m.maxJobsPerMinute);
                    if (m.maxBytesPerDay != null && $Object.hasOwnProperty.call(m, "maxBytesPerDay") && (typeof m.maxBytesPerDay === "object" ? m.maxBytesPerDay.low || m.maxBytesPerDay.high : m.maxBytesPerDay !== 0))
                        w.uint32(/* id 2, wireType 0 =*/16).uint64(m.maxBytesPerDay);
                    if (m.allowedHours != null && m.allowedHours.length) {
                        for (var i = 0; i < m.allowedHours.length; ++i)
                            $root.crawl.link.v1.HourWindow.encode(m.allowedHours[i], w.uint32(/* id 3, wireType 2 =*/26).fork(), q + 1).ldelim();
                    }
                    if (m.utcOffsetMinutes != null && $Object.hasOwnProperty.call(m, "utcOffsetMinutes") && m.utcOffsetMinutes !== 0)
                        w.uint32(/* id 4, wireType 0 =*/32).sint32(m.utcOffsetMinutes);
                    if (m.allowDomains != null && m.allowDomains.length) {
                        for (var i = 0; i < m.allowDomains.length; ++i)
                            w.uint32(/* id 5, wireType 2 =*/42).string(m.allowDomains[i]);
                    }
                    if (m.denyDomains != null && m.denyDomains.length) {
                        for (var i = 0; i < m.denyDomains.length; ++i)
                            w.uint32(/* id 6, wireType 2 =*/50).string(m.denyDomains[i]);
                    }
                    if (m.paused != null && $Object.hasOwnProperty.call(m, "paused") && m.paused !== false)
                        w.uint32(/* id 7, wireType 0 =*/56).bool(m.paused);
                    if (m.bytesToday != null && $Object.hasOwnProperty.call(m, "bytesToday") && (typeof m.bytesToday === "object" ? m.bytesToday.low || m.bytesToday.high : m.bytesToday !== 0))
                        w.uint32(/* id 8, wireType 0 =*/64).uint64(m.bytesToday);
                    if (m.proxy != null && $Object.hasOwnProperty.call(m, "proxy") && m.proxy !== false)
                        w.uint32(/* id 10, wireType 0 =*/80).bool(m.proxy);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes an OwnerControls message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.OwnerControls
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.OwnerControls & crawl.link.v1.OwnerControls.$Shape} OwnerControls
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                OwnerControls.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.OwnerControls();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.maxJobsPerMinute = v;
                                else
                                    delete m.maxJobsPerMinute;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                    m.maxBytesPerDay = v;
                                else
                                    delete m.maxBytesPerDay;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                if (!(m.allowedHours && m.allowedHours.length))
                                    m.allowedHours = [];
                                m.allowedHours.push($root.crawl.link.v1.HourWindow.decode(r, r.size(), $undefined, q + 1));
                                continue;
                            }
                        case 4: {
                                if (u !== 0)
                                    break;
                                if (v = r.sint32())
                                    m.utcOffsetMinutes = v;
                                else
                                    delete m.utcOffsetMinutes;
                                continue;
                            }
                        case 5: {
                                if (u !== 2)
                                    break;
                                if (!(m.allowDomains && m.allowDomains.length))
                                    m.allowDomains = [];
                                m.allowDomains.push(r.stringVerify());
                                continue;
                            }
                        case 6: {
                                if (u !== 2)
                                    break;
                                if (!(m.denyDomains && m.denyDomains.length))
                                    m.denyDomains = [];
                                m.denyDomains.push(r.stringVerify());
                                continue;
                            }
                        case 7: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.paused = v;
                                else
                                    delete m.paused;
                                continue;
                            }
                        case 8: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                    m.bytesToday = v;
                                else
                                    delete m.bytesToday;
                                continue;
                            }
                        case 10: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.proxy = v;
                                else
                                    delete m.proxy;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return OwnerControls;
            })();

            v1.Welcome = (function() {

                /**
                 * Properties of a Welcome.
                 * @typedef {Object} crawl.link.v1.Welcome.$Properties
                 * @property {string|null} [coordinatorId] Welcome coordinatorId
                 * @property {number|null} [heartbeatIntervalMs] Welcome heartbeatIntervalMs
                 * @property {number|null} [maxFrameBytes] Welcome maxFrameBytes
                 * @property {number|null} [maxChunkBytes] Welcome maxChunkBytes
                 * @property {number|null} [serverTimeMs] Welcome serverTimeMs
                 * @property {boolean|null} [inlineParts] Welcome inlineParts
                 * @property {number|null} [streamWindowBytes] Welcome streamWindowBytes
                 * @property {boolean|null} [batchFrames] Welcome batchFrames
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Welcome.
                 * @memberof crawl.link.v1
                 * @interface IWelcome
                 * @augments crawl.link.v1.Welcome.$Properties
                 * @deprecated Use crawl.link.v1.Welcome.$Properties instead.
                 */

                /**
                 * Shape of a Welcome.
                 * @typedef {crawl.link.v1.Welcome.$Properties} crawl.link.v1.Welcome.$Shape
                 */

                /**
                 * Constructs a new Welcome.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a Welcome.
                 * @constructor
                 * @param {crawl.link.v1.Welcome.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Welcome = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * Welcome coordinatorId.
                 * @member {string} coordinatorId
                 * @memberof crawl.link.v1.Welcome
                 * @instance
                 */
                Welcome.prototype.coordinatorId = "";

                /**
                 * Welcome heartbeatIntervalMs.
                 * @member {number} heartbeatIntervalMs
                 * @memberof crawl.link.v1.Welcome
                 * @instance
                 */
                Welcome.prototype.heartbeatIntervalMs = 0;

                /**
                 * Welcome maxFrameBytes.
                 * @member {number} maxFrameBytes
                 * @memberof crawl.link.v1.Welcome
                 * @instance
                 */
                Welcome.prototype.maxFrameBytes = 0;

                /**
                 * Welcome maxChunkBytes.
                 * @member {number} maxChunkBytes
                 * @memberof crawl.link.v1.Welcome
                 * @instance
                 */
                Welcome.prototype.maxChunkBytes = 0;

                /**
                 * Welcome serverTimeMs.
                 * @member {number} serverTimeMs
                 * @memberof crawl.link.v1.Welcome
                 * @instance
                 */
                Welcome.prototype.serverTimeMs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * Welcome inlineParts.
                 * @member {boolean} inlineParts
                 * @memberof crawl.link.v1.Welcome
                 * @instance
                 */
                Welcome.prototype.inlineParts = false;

                /**
                 * Welcome streamWindowBytes.
                 * @member {number} streamWindowBytes
                 * @memberof crawl.link.v1.Welcome
                 * @instance
                 */
                Welcome.prototype.streamWindowBytes = 0;

                /**
                 * Welcome batchFrames.
                 * @member {boolean} batchFrames
                 * @memberof crawl.link.v1.Welcome
                 * @instance
                 */
                Welcome.prototype.batchFrames = false;

                /**
                 * Creates a new Welcome instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.Welcome
                 * @static
                 * @param {crawl.link.v1.Welcome.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.Welcome} Welcome instance
                 * @type {{
                 *   (properties: crawl.link.v1.Welcome.$Shape): crawl.link.v1.Welcome & crawl.link.v1.Welcome.$Shape;
                 *   (properties?: crawl.link.v1.Welcome.$Properties): crawl.link.v1.Welcome;
                 * }}
                 */
                Welcome.create = function(properties) {
                    return new Welcome(properties);
                };

                /**
                 * Encodes the specified Welcome message. Does not implicitly {@link crawl.link.v1.Welcome.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.Welcome
                 * @static
                 * @param {crawl.link.v1.Welcome.$Properties} m Welcome message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Welcome.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.coordinatorId != null && $Object.hasOwnProperty.call(m, "coordinatorId") && m.coordinatorId !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.coordinatorId);
                    if (m.heartbeatIntervalMs != null && $Object.hasOwnProperty.call(m, "heartbeatIntervalMs") && m.heartbeatIntervalMs !== 0)
                        w.uint32(/* id 2, wireType 0 =*/16).uint32(m.heartbeatIntervalMs);
                    if (m.maxFrameBytes != null && $Object.hasOwnProperty.call(m, "maxFrameBytes") && m.maxFrameBytes !== 0)
                        w.uint32(/* id 3, wireType 0 =*/24).uint32(m.maxFrameBytes);
                    if (m.maxChunkBytes != null && $Object.hasOwnProperty.call(m, "maxChunkBytes") && m.maxChunkBytes !== 0)
                        w.uint32(/* id 4, wireType 0 =*/32).uint32(m.maxChunkBytes);
                    if (m.serverTimeMs != null && $Object.hasOwnProperty.call(m, "serverTimeMs") && (typeof m.serverTimeMs === "object" ? m.serverTimeMs.low || m.serverTimeMs.high : m.serverTimeMs !== 0))
                        w.uint32(/* id 5, wireType 0 =*/40).uint64(m.serverTimeMs);
                    if (m.inlineParts != null && $Object.hasOwnProperty.call(m, "inlineParts") && m.inlineParts !== false)
                        w.uint32(/* id 6, wireType 0 =*/48).bool(m.inlineParts);
                    if (m.streamWindowBytes != null && $Object.hasOwnProperty.call(m, "streamWindowBytes") && m.streamWindowBytes !== 0)
                        w.uint32(/* id 15, wireType 0 =*/120).uint32(m.streamWindowBytes);
                    if (m.batchFrames != null && $Object.hasOwnProperty.call(m, "batchFrames") && m.batchFrames !== false)
                        w.uint32(/* id 16, wireType 0 =*/128).bool(m.batchFrames);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a Welcome message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.Welcome
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Welcome & crawl.link.v1.Welcome.$Shape} Welcome
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Welcome.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.Welcome();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.coordinatorId = v;
                                else
                                    delete m.coordinatorId;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.heartbeatIntervalMs = v;
                                else
                                    delete m.heartbeatIntervalMs;
                                continue;
                            }
                        case 3: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.maxFrameBytes = v;
                                else
                                    delete m.maxFrameBytes;
                                continue;
                            }
                        case 4: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.maxChunkBytes = v;
                                else
                                    delete m.maxChunkBytes;
                                continue;
                            }
                        case 5: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                    m.serverTimeMs = v;
                                else
                                    delete m.serverTimeMs;
                                continue;
                            }
                        case 6: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.inlineParts = v;
                                else
                                    delete m.inlineParts;
                                continue;
                            }
                        case 15: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.streamWindowBytes = v;
                                else
                                    delete m.streamWindowBytes;
                                continue;
                            }
                        case 16: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.batchFrames = v;
                                else
                                    delete m.batchFrames;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return Welcome;
            })();

            v1.Header = (function() {

                /**
                 * Properties of a Header.
                 * @typedef {Object} crawl.link.v1.Header.$Properties
                 * @property {string|null} [name] Header name
                 * @property {string|null} [value] Header value
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Header.
                 * @memberof crawl.link.v1
                 * @interface IHeader
                 * @augments crawl.link.v1.Header.$Properties
                 * @deprecated Use crawl.link.v1.Header.$Properties instead.
                 */

                /**
                 * Shape of a Header.
                 * @typedef {crawl.link.v1.Header.$Properties} crawl.link.v1.Header.$Shape
                 */

                /**
                 * Constructs a new Header.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a Header.
                 * @constructor
                 * @param {crawl.link.v1.Header.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Header = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * Header name.
                 * @member {string} name
                 * @memberof crawl.link.v1.Header
                 * @instance
                 */
                Header.prototype.name = "";

                /**
                 * Header value.
                 * @member {string} value
                 * @memberof crawl.link.v1.Header
                 * @instance
                 */
                Header.prototype.value = "";

                /**
                 * Creates a new Header instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.Header
                 * @static
                 * @param {crawl.link.v1.Header.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.Header} Header instance
                 * @type {{
                 *   (properties: crawl.link.v1.Header.$Shape): crawl.link.v1.Header & crawl.link.v1.Header.$Shape;
                 *   (properties?: crawl.link.v1.Header.$Properties): crawl.link.v1.Header;
                 * }}
                 */
                Header.create = function(properties) {
                    return new Header(properties);
                };

                /**
                 * Encodes the specified Header message. Does not implicitly {@link crawl.link.v1.Header.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.Header
                 * @static
                 * @param {crawl.link.v1.Header.$Properties} m Header message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Header.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.name != null && $Object.hasOwnProperty.call(m, "name") && m.name !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.name);
                    if (m.value != null && $Object.hasOwnProperty.call(m, "value") && m.value !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.value);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a Header message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.Header
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Header & crawl.link.v1.Header.$Shape} Header
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Header.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.Header();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.name = v;
                                else
                                    delete m.name;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.value = v;
                                else
                                    delete m.value;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return Header;
            })();

            v1.InputCookie = (function() {

                /**
                 * Properties of an InputCookie.
                 * @typedef {Object} crawl.link.v1.InputCookie.$Properties
                 * @property {string|null} [name] InputCookie name
                 * @property {string|null} [value] InputCookie value
                 * @property {string|null} [domain] InputCookie domain
                 * @property {string|null} [path] InputCookie path
                 * @property {boolean|null} [secure] InputCookie secure
                 * @property {boolean|null} [httpOnly] InputCookie httpOnly
                 * @property {string|null} [sameSite] InputCookie sameSite
                 * @property {number|null} [expiresMs] InputCookie expiresMs
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of an InputCookie.
                 * @memberof crawl.link.v1
                 * @interface IInputCookie
                 * @augments crawl.link.v1.InputCookie.$Properties
                 * @deprecated Use crawl.link.v1.InputCookie.$Properties instead.
                 */

                /**
                 * Shape of an InputCookie.
                 * @typedef {crawl.link.v1.InputCookie.$Properties} crawl.link.v1.InputCookie.$Shape
                 */

                /**
                 * Constructs a new InputCookie.
                 * @memberof crawl.link.v1
                 * @classdesc Represents an InputCookie.
                 * @constructor
                 * @param {crawl.link.v1.InputCookie.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const InputCookie = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * InputCookie name.
                 * @member {string} name
                 * @memberof crawl.link.v1.InputCookie
                 * @instance
                 */
                InputCookie.prototype.name = "";

                /**
                 * InputCookie value.
                 * @member {string} value
                 * @memberof crawl.link.v1.InputCookie
                 * @instance
                 */
                InputCookie.prototype.value = "";

                /**
                 * InputCookie domain.
                 * @member {string} domain
                 * @memberof crawl.link.v1.InputCookie
                 * @instance
                 */
                InputCookie.prototype.domain = "";

                /**
                 * InputCookie path.
                 * @member {string} path
                 * @memberof crawl.link.v1.InputCookie
                 * @instance
                 */
                InputCookie.prototype.path = "";

                /**
                 * InputCookie secure.
                 * @member {boolean} secure
                 * @memberof crawl.link.v1.InputCookie
                 * @instance
                 */
                InputCookie.prototype.secure = false;

                /**
                 * InputCookie httpOnly.
                 * @member {boolean} httpOnly
                 * @memberof crawl.link.v1.InputCookie
                 * @instance
                 */
                InputCookie.prototype.httpOnly = false;

                /**
                 * InputCookie sameSite.
                 * @member {string} sameSite
                 * @memberof crawl.link.v1.InputCookie
                 * @instance
                 */
                InputCookie.prototype.sameSite = "";

                /**
                 * InputCookie expiresMs.
                 * @member {number} expiresMs
                 * @memberof crawl.link.v1.InputCookie
                 * @instance
                 */
                InputCookie.prototype.expiresMs = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                /**
                 * Creates a new InputCookie instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.InputCookie
                 * @static
                 * @param {crawl.link.v1.InputCookie.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.InputCookie} InputCookie instance
                 * @type {{
                 *   (properties: crawl.link.v1.InputCookie.$Shape): crawl.link.v1.InputCookie & crawl.link.v1.InputCookie.$Shape;
                 *   (properties?: crawl.link.v1.InputCookie.$Properties): crawl.link.v1.InputCookie;
                 * }}
                 */
                InputCookie.create = function(properties) {
                    return new InputCookie(properties);
                };

                /**
                 * Encodes the specified InputCookie message. Does not implicitly {@link crawl.link.v1.InputCookie.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.InputCookie
                 * @static
                 * @param {crawl.link.v1.InputCookie.$Properties} m InputCookie message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                InputCookie.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.name != null && $Object.hasOwnProperty.call(m, "name") && m.name !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.name);
                    if (m.value != null && $Object.hasOwnProperty.call(m, "value") && m.value !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.value);
                    if (m.domain != null && $Object.hasOwnProperty.call(m, "domain") && m.domain !== "")
                        w.uint32(/* id 3, wireType 2 =*/26).string(m.domain);
                    if (m.path != null && $Object.hasOwnProperty.call(m, "path") && m.path !== "")
                        w.uint32(/* id 4, wireType 2 =*/34).string(m.path);
                    if (m.secure != null && $Object.hasOwnProperty.call(m, "secure") && m.secure !== false)
                        w.uint32(/* id 5, wireType 0 =*/40).bool(m.secure);
                    if (m.httpOnly != null && $Object.hasOwnProperty.call(m, "httpOnly") && m.httpOnly !== false)
                        w.uint32(/* id 6, wireType 0 =*/48).bool(m.httpOnly);
                    if (m.sameSite != null && $Object.hasOwnProperty.call(m, "sameSite") && m.sameSite !== "")
                        w.uint32(/* id 7, wireType 2 =*/58).string(m.sameSite);
                    if (m.expiresMs != null && $Object.hasOwnProperty.call(m, "expiresMs") && (typeof m.expiresMs === "object" ? m.expiresMs.low || m.expiresMs.high : m.expiresMs !== 0))
                        w.uint32(/* id 8, wireType 0 =*/64).int64(m.expiresMs);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes an InputCookie message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.InputCookie
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.InputCookie & crawl.link.v1.InputCookie.$Shape} InputCookie
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                InputCookie.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.InputCookie();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.name = v;
                                else
                                    delete m.name;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.value = v;
                                else
                                    delete m.value;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.domain = v;
                                else
                                    delete m.domain;
                                continue;
                            }
                        case 4: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.path = v;
                                else
                                    delete m.path;
                                continue;
                            }
                        case 5: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.secure = v;
                                else
                                    delete m.secure;
                                continue;
                            }
                        case 6: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.httpOnly = v;
                                else
                                    delete m.httpOnly;
                                continue;
                            }
                        case 7: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.sameSite = v;
                                else
                                    delete m.sameSite;
                                continue;
                            }
                        case 8: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.int64()) === "object" ? v.low || v.high : v !== 0)
                                    m.expiresMs = v;
                                else
                                    delete m.expiresMs;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return InputCookie;
            })();

            v1.JobRequest = (function() {

                /**
                 * Properties of a JobRequest.
                 * @typedef {Object} crawl.link.v1.JobRequest.$Properties
                 * @property {string|null} [method] JobRequest method
                 * @property {string|null} [url] JobRequest url
                 * @property {number|null} [timeoutMs] JobRequest timeoutMs
                 * @property {Array.<crawl.link.v1.Header.$Properties>|null} [headers] JobRequest headers
                 * @property {Uint8Array|null} [body] JobRequest body
                 * @property {Array.<crawl.link.v1.InputCookie.$Properties>|null} [cookies] JobRequest cookies
                 * @property {string|null} [sessionId] JobRequest sessionId
                 * @property {string|null} [deviceType] JobRequest deviceType
                 * @property {crawl.link.v1.MeasureRequest.$Properties|null} [measure] JobRequest measure
                 * @property {string|null} [actionsJson] JobRequest actionsJson
                 * @property {string|null} [extractJson] JobRequest extractJson
                 * @property {boolean|null} [har] JobRequest har
                 * @property {crawl.link.v1.PdfOptions.$Properties|null} [pdf] JobRequest pdf
                 * @property {Array.<string>|null} [audits] JobRequest audits
                 * @property {boolean|null} [collectLinks] JobRequest collectLinks
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a JobRequest.
                 * @memberof crawl.link.v1
                 * @interface IJobRequest
                 * @augments crawl.link.v1.JobRequest.$Properties
                 * @deprecated Use crawl.link.v1.JobRequest.$Properties instead.
                 */

                /**
                 * Shape of a JobRequest.
                 * @typedef {crawl.link.v1.JobRequest.$Properties} crawl.link.v1.JobRequest.$Shape
                 */

                /**
                 * Constructs a new JobRequest.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a JobRequest.
                 * @constructor
                 * @param {crawl.link.v1.JobRequest.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const JobRequest = function (p) {
                    this.headers = [];
                    this.cookies = [];
                    this.audits = [];
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * JobRequest method.
                 * @member {string} method
                 * @memberof crawl.link.v1.JobRequest
                 * @instance
                 */
                JobRequest.prototype.method = "";

                /**
                 * JobRequest url.
                 * @member {string} url
                 * @memberof crawl.link.v1.JobRequest
                 * @instance
                 */
                JobRequest.prototype.url = "";

                /**
                 * JobRequest timeoutMs.
                 * @member {number} timeoutMs
                 * @memberof crawl.link.v1.JobRequest
                 * @instance
                 */
                JobRequest.prototype.timeoutMs = 0;

                /**
                 * JobRequest headers.
                 * @member {Array.<crawl.link.v1.Header.$Properties>} headers
                 * @memberof crawl.link.v1.JobRequest
                 * @instance
                 */
                JobRequest.prototype.headers = $util.emptyArray;

                /**
                 * JobRequest body.
                 * @member {Uint8Array} body
                 * @memberof crawl.link.v1.JobRequest
                 * @instance
                 */
                JobRequest.prototype.body = $util.newBuffer([]);

                /**
                 * JobRequest cookies.
                 * @member {Array.<crawl.link.v1.InputCookie.$Properties>} cookies
                 * @memberof crawl.link.v1.JobRequest
                 * @instance
                 */
                JobRequest.prototype.cookies = $util.emptyArray;

                /**
                 * JobRequest sessionId.
                 * @member {string} sessionId
                 * @memberof crawl.link.v1.JobRequest
                 * @instance
                 */
                JobRequest.prototype.sessionId = "";

                /**
                 * JobRequest deviceType.
                 * @member {string} deviceType
                 * @memberof crawl.link.v1.JobRequest
                 * @instance
                 */
                JobRequest.prototype.deviceType = "";

                /**
                 * JobRequest measure.
                 * @member {crawl.link.v1.MeasureRequest.$Properties|null|undefined} measure
                 * @memberof crawl.link.v1.JobRequest
                 * @instance
                 */
                JobRequest.prototype.measure = null;

                /**
                 * JobRequest actionsJson.
                 * @member {string} actionsJson
                 * @memberof crawl.link.v1.JobRequest
                 * @instance
                 */
                JobRequest.prototype.actionsJson = "";

                /**
                 * JobRequest extractJson.
                 * @member {string} extractJson
                 * @memberof crawl.link.v1.JobRequest
                 * @instance
                 */
                JobRequest.prototype.extractJson = "";

                /**
                 * JobRequest har.
                 * @member {boolean} har
                 * @memberof crawl.link.v1.JobRequest
                 * @instance
                 */
                JobRequest.prototype.har = false;

                /**
                 * JobRequest pdf.
                 * @member {crawl.link.v1.PdfOptions.$Properties|null|undefined} pdf
                 * @memberof crawl.link.v1.JobRequest
                 * @instance
                 */
                JobRequest.prototype.pdf = null;

                /**
                 * JobRequest audits.
                 * @member {Array.<string>} audits
                 * @memberof crawl.link.v1.JobRequest
                 * @instance
                 */
                JobRequest.prototype.audits = $util.emptyArray;

                /**
                 * JobRequest collectLinks.
                 * @member {boolean} collectLinks
                 * @memberof crawl.link.v1.JobRequest
                 * @instance
                 */
                JobRequest.prototype.collectLinks = false;

                /**
                 * Creates a new JobRequest instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.JobRequest
                 * @static
                 * @param {crawl.link.v1.JobRequest.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.JobRequest} JobRequest instance
                 * @type {{
                 *   (properties: crawl.link.v1.JobRequest.$Shape): crawl.link.v1.JobRequest & crawl.link.v1.JobRequest.$Shape;
                 *   (properties?: crawl.link.v1.JobRequest.$Properties): crawl.link.v1.JobRequest;
                 * }}
                 */
                JobRequest.create = function(properties) {
                    return new JobRequest(properties);
                };

                /**
                 * Encodes the specified JobRequest message. Does not implicitly {@link crawl.link.v1.JobRequest.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.JobRequest
                 * @static
                 * @param {crawl.link.v1.JobRequest.$Properties} m JobRequest message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                JobRequest.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.method != null && $Object.hasOwnProperty.call(m, "method") && m.method !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.method);
                    if (m.url != null && $Object.hasOwnProperty.call(m, "url") && m.url !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.url);
                    if (m.timeoutMs != null && $Object.hasOwnProperty.call(m, "timeoutMs") && m.timeoutMs !== 0)
                        w.uint32(/* id 3, wireType 0 =*/24).uint32(m.timeoutMs);
                    if (m.headers != null && m.headers.length) {
                        for (var i = 0; i < m.headers.length; ++i)
                            $root.crawl.link.v1.Header.encode(m.headers[i], w.uint32(/* id 4, wireType 2 =*/34).fork(), q + 1).ldelim();
                    }
                    if (m.body != null && $Object.hasOwnProperty.call(m, "body") && m.body.length)
                        w.uint32(/* id 5, wireType 2 =*/42).bytes(m.body);
                    if (m.cookies != null && m.cookies.length) {
                        for (var i = 0; i < m.cookies.length; ++i)
                            $root.crawl.link.v1.InputCookie.encode(m.cookies[i], w.uint32(/* id 6, wireType 2 =*/50).fork(), q + 1).ldelim();
                    }
                    if (m.sessionId != null && $Object.hasOwnProperty.call(m, "sessionId") && m.sessionId !== "")
                        w.uint32(/* id 7, wireType 2 =*/58).string(m.sessionId);
                    if (m.deviceType != null && $Object.hasOwnProperty.call(m, "deviceType") && m.deviceType !== "")
                        w.uint32(/* id 8, wireType 2 =*/66).string(m.deviceType);
                    if (m.measure != null && $Object.hasOwnProperty.call(m, "measure"))
                        $root.crawl.link.v1.MeasureRequest.encode(m.measure, w.uint32(/* id 9, wireType 2 =*/74).fork(), q + 1).ldelim();
                    if (m.actionsJson != null && $Object.hasOwnProperty.call(m, "actionsJson") && m.actionsJson !== "")
                        w.uint32(/* id 20, wireType 2 =*/162).string(m.actionsJson);
                    if (m.extractJson != null && $Object.hasOwnProperty.call(m, "extractJson") && m.extractJson !== "")
                        w.uint32(/* id 21, wireType 2 =*/170).string(m.extractJson);
                    if (m.har != null && $Object.hasOwnProperty.call(m, "har") && m.har !== false)
                        w.uint32(/* id 22, wireType 0 =*/176).bool(m.har);
                    if (m.pdf != null && $Object.hasOwnProperty.call(m, "pdf"))
                        $root.crawl.link.v1.PdfOptions.encode(m.pdf, w.uint32(/* id 23, wireType 2 =*/186).fork(), q + 1).ldelim();
                    if (m.audits != null && m.audits.length) {
                        for (var i = 0; i < m.audits.length; ++i)
                            w.uint32(/* id 24, wireType 2 =*/194).string(m.audits[i]);
                    }
                    if (m.collectLinks != null && $Object.hasOwnProperty.call(m, "collectLinks") && m.collectLinks !== false)
                        w.uint32(/* id 40, wireType 0 =*/320).bool(m.collectLinks);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a JobRequest message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.JobRequest
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.JobRequest & crawl.link.v1.JobRequest.$Shape} JobRequest
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                JobRequest.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.JobRequest();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.method = v;
                                else
                                    delete m.method;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.url = v;
                                else
                                    delete m.url;
                                continue;
                            }
                        case 3: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.timeoutMs = v;
                                else
                                    delete m.timeoutMs;
                                continue;
                            }
                        case 4: {
                                if (u !== 2)
                                    break;
                                if (!(m.headers && m.headers.length))
                                    m.headers = [];
                                m.headers.push($root.crawl.link.v1.Header.decode(r, r.size(), $undefined, q + 1));
                                continue;
                            }
                        case 5: {
                                if (u !== 2)
                                    break;
                                if ((v = r.bytes()).length)
                                    m.body = v;
                                else
                                    delete m.body;
                                continue;
                            }
                        case 6: {
                                if (u !== 2)
                                    break;
                                if (!(m.cookies && m.cookies.length))
                                    m.cookies = [];
                                m.cookies.push($root.crawl.link.v1.InputCookie.decode(r, r.size(), $undefined, q + 1));
                                continue;
                            }
                        case 7: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.sessionId = v;
                                else
                                    delete m.sessionId;
                                continue;
                            }
                        case 8: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.deviceType = v;
                                else
                                    delete m.deviceType;
                                continue;
                            }
                        case 9: {
                                if (u !== 2)
                                    break;
                                m.measure = $root.crawl.link.v1.MeasureRequest.decode(r, r.size(), $undefined, q + 1, m.measure);
                                continue;
                            }
                        case 20: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.actionsJson = v;
                                else
                                    delete m.actionsJson;
                                continue;
                            }
                        case 21: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.extractJson = v;
                                else
                                    delete m.extractJson;
                                continue;
                            }
                        case 22: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.har = v;
                                else
                                    delete m.har;
                                continue;
                            }
                        case 23: {
                                if (u !== 2)
                                    break;
                                m.pdf = $root.crawl.link.v1.PdfOptions.decode(r, r.size(), $undefined, q + 1, m.pdf);
                                continue;
                            }
                        case 24: {
                                if (u !== 2)
                                    break;
                                if (!(m.audits && m.audits.length))
                                    m.audits = [];
                                m.audits.push(r.stringVerify());
                                continue;
                            }
                        case 40: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.collectLinks = v;
                                else
                                    delete m.collectLinks;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return JobRequest;
            })();

            v1.PdfOptions = (function() {

                /**
                 * Properties of a PdfOptions.
                 * @typedef {Object} crawl.link.v1.PdfOptions.$Properties
                 * @property {string|null} [format] PdfOptions format
                 * @property {boolean|null} [landscape] PdfOptions landscape
                 * @property {boolean|null} [printBackground] PdfOptions printBackground
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a PdfOptions.
                 * @memberof crawl.link.v1
                 * @interface IPdfOptions
                 * @augments crawl.link.v1.PdfOptions.$Properties
                 * @deprecated Use crawl.link.v1.PdfOptions.$Properties instead.
                 */

                /**
                 * Shape of a PdfOptions.
                 * @typedef {crawl.link.v1.PdfOptions.$Properties} crawl.link.v1.PdfOptions.$Shape
                 */

                /**
                 * Constructs a new PdfOptions.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a PdfOptions.
                 * @constructor
                 * @param {crawl.link.v1.PdfOptions.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const PdfOptions = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * PdfOptions format.
                 * @member {string} format
                 * @memberof crawl.link.v1.PdfOptions
                 * @instance
                 */
                PdfOptions.prototype.format = "";

                /**
                 * PdfOptions landscape.
                 * @member {boolean} landscape
                 * @memberof crawl.link.v1.PdfOptions
                 * @instance
                 */
                PdfOptions.prototype.landscape = false;

                /**
                 * PdfOptions printBackground.
                 * @member {boolean} printBackground
                 * @memberof crawl.link.v1.PdfOptions
                 * @instance
                 */
                PdfOptions.prototype.printBackground = false;

                /**
                 * Creates a new PdfOptions instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.PdfOptions
                 * @static
                 * @param {crawl.link.v1.PdfOptions.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.PdfOptions} PdfOptions instance
                 * @type {{
                 *   (properties: crawl.link.v1.PdfOptions.$Shape): crawl.link.v1.PdfOptions & crawl.link.v1.PdfOptions.$Shape;
                 *   (properties?: crawl.link.v1.PdfOptions.$Properties): crawl.link.v1.PdfOptions;
                 * }}
                 */
                PdfOptions.create = function(properties) {
                    return new PdfOptions(properties);
                };

                /**
                 * Encodes the specified PdfOptions message. Does not implicitly {@link crawl.link.v1.PdfOptions.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.PdfOptions
                 * @static
                 * @param {crawl.link.v1.PdfOptions.$Properties} m PdfOptions message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                PdfOptions.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.format != null && $Object.hasOwnProperty.call(m, "format") && m.format !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.format);
                    if (m.landscape != null && $Object.hasOwnProperty.call(m, "landscape") && m.landscape !== false)
                        w.uint32(/* id 2, wireType 0 =*/16).bool(m.landscape);
                    if (m.printBackground != null && $Object.hasOwnProperty.call(m, "printBackground") && m.printBackground !== false)
                        w.uint32(/* id 3, wireType 0 =*/24).bool(m.printBackground);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a PdfOptions message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.PdfOptions
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.PdfOptions & crawl.link.v1.PdfOptions.$Shape} PdfOptions
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                PdfOptions.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.PdfOptions();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.format = v;
                                else
                                    delete m.format;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.landscape = v;
                                else
                                    delete m.landscape;
                                continue;
                            }
                        case 3: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.printBackground = v;
                                else
                                    delete m.printBackground;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return PdfOptions;
            })();

            v1.ActionOutcome = (function() {

                /**
                 * Properties of an ActionOutcome.
                 * @typedef {Object} crawl.link.v1.ActionOutcome.$Properties
                 * @property {number|null} [index] ActionOutcome index
                 * @property {string|null} [type] ActionOutcome type
                 * @property {string|null} [status] ActionOutcome status
                 * @property {string|null} [error] ActionOutcome error
                 * @property {number|null} [durationMs] ActionOutcome durationMs
                 * @property {string|null} [name] ActionOutcome name
                 * @property {string|null} [resultJson] ActionOutcome resultJson
                 * @property {number|null} [count] ActionOutcome count
                 * @property {boolean|null} [optional] ActionOutcome optional
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of an ActionOutcome.
                 * @memberof crawl.link.v1
                 * @interface IActionOutcome
                 * @augments crawl.link.v1.ActionOutcome.$Properties
                 * @deprecated Use crawl.link.v1.ActionOutcome.$Properties instead.
                 */

                /**
                 * Shape of an ActionOutcome.
                 * @typedef {crawl.link.v1.ActionOutcome.$Properties} crawl.link.v1.ActionOutcome.$Shape
                 */

                /**
                 * Constructs a new ActionOutcome.
                 * @memberof crawl.link.v1
                 * @classdesc Represents an ActionOutcome.
                 * @constructor
                 * @param {crawl.link.v1.ActionOutcome.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const ActionOutcome = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * ActionOutcome index.
                 * @member {number} index
                 * @memberof crawl.link.v1.ActionOutcome
                 * @instance
                 */
                ActionOutcome.prototype.index = 0;

                /**
                 * ActionOutcome type.
                 * @member {string} type
                 * @memberof crawl.link.v1.ActionOutcome
                 * @instance
                 */
                ActionOutcome.prototype.type = "";

                /**
                 * ActionOutcome status.
                 * @member {string} status
                 * @memberof crawl.link.v1.ActionOutcome
                 * @instance
                 */
                ActionOutcome.prototype.status = "";

                /**
                 * ActionOutcome error.
                 * @member {string} error
                 * @memberof crawl.link.v1.ActionOutcome
                 * @instance
                 */
                ActionOutcome.prototype.error = "";

                /**
                 * ActionOutcome durationMs.
                 * @member {number} durationMs
                 * @memberof crawl.link.v1.ActionOutcome
                 * @instance
                 */
                ActionOutcome.prototype.durationMs = 0;

                /**
                 * ActionOutcome name.
                 * @member {string} name
                 * @memberof crawl.link.v1.ActionOutcome
                 * @instance
                 */
                ActionOutcome.prototype.name = "";

                /**
                 * ActionOutcome resultJson.
                 * @member {string} resultJson
                 * @memberof crawl.link.v1.ActionOutcome
                 * @instance
                 */
                ActionOutcome.prototype.resultJson = "";

                /**
                 * ActionOutcome count.
                 * @member {number} count
                 * @memberof crawl.link.v1.ActionOutcome
                 * @instance
                 */
                ActionOutcome.prototype.count = 0;

                /**
                 * ActionOutcome optional.
                 * @member {boolean} optional
                 * @memberof crawl.link.v1.ActionOutcome
                 * @instance
                 */
                ActionOutcome.prototype.optional = false;

                /**
                 * Creates a new ActionOutcome instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.ActionOutcome
                 * @static
                 * @param {crawl.link.v1.ActionOutcome.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.ActionOutcome} ActionOutcome instance
                 * @type {{
                 *   (properties: crawl.link.v1.ActionOutcome.$Shape): crawl.link.v1.ActionOutcome & crawl.link.v1.ActionOutcome.$Shape;
                 *   (properties?: crawl.link.v1.ActionOutcome.$Properties): crawl.link.v1.ActionOutcome;
                 * }}
                 */
                ActionOutcome.create = function(properties) {
                    return new ActionOutcome(properties);
                };

                /**
                 * Encodes the specified ActionOutcome message. Does not implicitly {@link crawl.link.v1.ActionOutcome.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.ActionOutcome
                 * @static
                 * @param {crawl.link.v1.ActionOutcome.$Properties} m ActionOutcome message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                ActionOutcome.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.index != null && $Object.hasOwnProperty.call(m, "index") && m.index !== 0)
                        w.uint32(/* id 1, wireType 0 =*/8).uint32(m.index);
                    if (m.type != null && $Object.hasOwnProperty.call(m, "type") && m.type !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.type);
                    if (m.status != null && $Object.hasOwnProperty.call(m, "status") && m.status !== "")
                        w.uint32(/* id 3, wireType 2 =*/26).string(m.status);
                    if (m.error != null && $Object.hasOwnProperty.call(m, "error") && m.error !== "")
                        w.uint32(/* id 4, wireType 2 =*/34).string(m.error);
                    if (m.durationMs != null && $Object.hasOwnProperty.call(m, "durationMs") && m.durationMs !== 0)
                        w.uint32(/* id 5, wireType 0 =*/40).uint32(m.durationMs);
                    if (m.name != null && $Object.hasOwnProperty.call(m, "name") && m.name !== "")
                        w.uint32(/* id 6, wireType 2 =*/50).string(m.name);
                    if (m.resultJson != null && $Object.hasOwnProperty.call(m, "resultJson") && m.resultJson !== "")
                        w.uint32(/* id 7, wireType 2 =*/58).string(m.resultJson);
                    if (m.count != null && $Object.hasOwnProperty.call(m, "count") && m.count !== 0)
                        w.uint32(/* id 8, wireType 0 =*/64).uint32(m.count);
                    if (m.optional != null && $Object.hasOwnProperty.call(m, "optional") && m.optional !== false)
                        w.uint32(/* id 9, wireType 0 =*/72).bool(m.optional);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes an ActionOutcome message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.ActionOutcome
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.ActionOutcome & crawl.link.v1.ActionOutcome.$Shape} ActionOutcome
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                ActionOutcome.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.ActionOutcome();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.index = v;
                                else
                                    delete m.index;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.type = v;
                                else
                                    delete m.type;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.status = v;
                                else
                                    delete m.status;
                                continue;
                            }
                        case 4: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.error = v;
                                else
                                    delete m.error;
                                continue;
                            }
                        case 5: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.durationMs = v;
                                else
                                    delete m.durationMs;
                                continue;
                            }
                        case 6: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.name = v;
                                else
                                    delete m.name;
                                continue;
                            }
                        case 7: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.resultJson = v;
                                else
                                    delete m.resultJson;
                                continue;
                            }
                        case 8: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.count = v;
                                else
                                    delete m.count;
                                continue;
                            }
                        case 9: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.optional = v;
                                else
                                    delete m.optional;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return ActionOutcome;
            })();

            /**
             * MeasureType enum.
             * @name crawl.link.v1.MeasureType
             * @enum {number}
             * @property {number} MEASURE_TYPE_UNSPECIFIED=0 MEASURE_TYPE_UNSPECIFIED value
             * @property {number} MEASURE_TYPE_DNS=1 MEASURE_TYPE_DNS value
             * @property {number} MEASURE_TYPE_PING=2 MEASURE_TYPE_PING value
             * @property {number} MEASURE_TYPE_TRACEROUTE=3 MEASURE_TYPE_TRACEROUTE value
             * @property {number} MEASURE_TYPE_MTR=4 MEASURE_TYPE_MTR value
             * @property {number} MEASURE_TYPE_TLS=5 MEASURE_TYPE_TLS value
             */
            v1.MeasureType = (function() {
                const valuesById = $Object.create(null), values = $Object.create(valuesById);
                values[valuesById[0] = "MEASURE_TYPE_UNSPECIFIED"] = 0;
                values[valuesById[1] = "MEASURE_TYPE_DNS"] = 1;
                values[valuesById[2] = "MEASURE_TYPE_PING"] = 2;
                values[valuesById[3] = "MEASURE_TYPE_TRACEROUTE"] = 3;
                values[valuesById[4] = "MEASURE_TYPE_MTR"] = 4;
                values[valuesById[5] = "MEASURE_TYPE_TLS"] = 5;
                return values;
            })();

            /**
             * MeasureProtocol enum.
             * @name crawl.link.v1.MeasureProtocol
             * @enum {number}
             * @property {number} MEASURE_PROTOCOL_UNSPECIFIED=0 MEASURE_PROTOCOL_UNSPECIFIED value
             * @property {number} MEASURE_PROTOCOL_ICMP=1 MEASURE_PROTOCOL_ICMP value
             * @property {number} MEASURE_PROTOCOL_UDP=2 MEASURE_PROTOCOL_UDP value
             * @property {number} MEASURE_PROTOCOL_TCP=3 MEASURE_PROTOCOL_TCP value
             */
            v1.MeasureProtocol = (function() {
                const valuesById = $Object.create(null), values = $Object.create(valuesById);
                values[valuesById[0] = "MEASURE_PROTOCOL_UNSPECIFIED"] = 0;
                values[valuesById[1] = "MEASURE_PROTOCOL_ICMP"] = 1;
                values[valuesById[2] = "MEASURE_PROTOCOL_UDP"] = 2;
                values[valuesById[3] = "MEASURE_PROTOCOL_TCP"] = 3;
                return values;
            })();

            v1.MeasureRequest = (function() {

                /**
                 * Properties of a MeasureRequest.
                 * @typedef {Object} crawl.link.v1.MeasureRequest.$Properties
                 * @property {crawl.link.v1.MeasureType|null} [type] MeasureRequest type
                 * @property {string|null} [target] MeasureRequest target
                 * @property {crawl.link.v1.MeasureProtocol|null} [protocol] MeasureRequest protocol
                 * @property {number|null} [port] MeasureRequest port
                 * @property {number|null} [packets] MeasureRequest packets
                 * @property {number|null} [maxHops] MeasureRequest maxHops
                 * @property {string|null} [recordType] MeasureRequest recordType
                 * @property {string|null} [resolver] MeasureRequest resolver
                 * @property {number|null} [resolverPort] MeasureRequest resolverPort
                 * @property {string|null} [serverName] MeasureRequest serverName
                 * @property {number|null} [ipVersion] MeasureRequest ipVersion
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a MeasureRequest.
                 * @memberof crawl.link.v1
                 * @interface IMeasureRequest
                 * @augments crawl.link.v1.MeasureRequest.$Properties
                 * @deprecated Use crawl.link.v1.MeasureRequest.$Properties instead.
                 */

                /**
                 * Shape of a MeasureRequest.
                 * @typedef {crawl.link.v1.MeasureRequest.$Properties} crawl.link.v1.MeasureRequest.$Shape
                 */

                /**
                 * Constructs a new MeasureRequest.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a MeasureRequest.
                 * @constructor
                 * @param {crawl.link.v1.MeasureRequest.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const MeasureRequest = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * MeasureRequest type.
                 * @member {crawl.link.v1.MeasureType} type
                 * @memberof crawl.link.v1.MeasureRequest
                 * @instance
                 */
                MeasureRequest.prototype.type = 0;

                /**
                 * MeasureRequest target.
                 * @member {string} target
                 * @memberof crawl.link.v1.MeasureRequest
                 * @instance
                 */
                MeasureRequest.prototype.target = "";

                /**
                 * MeasureRequest protocol.
                 * @member {crawl.link.v1.MeasureProtocol} protocol
                 * @memberof crawl.link.v1.MeasureRequest
                 * @instance
                 */
                MeasureRequest.prototype.protocol = 0;

                /**
                 * MeasureRequest port.
                 * @member {number} port
                 * @memberof crawl.link.v1.MeasureRequest
                 * @instance
                 */
                MeasureRequest.prototype.port = 0;

                /**
                 * MeasureRequest packets.
                 * @member {number} packets
                 * @memberof crawl.link.v1.MeasureRequest
                 * @instance
                 */
                MeasureRequest.prototype.packets = 0;

                /**
                 * MeasureRequest maxHops.
                 * @member {number} maxHops
                 * @memberof crawl.link.v1.MeasureRequest
                 * @instance
                 */
                MeasureRequest.prototype.maxHops = 0;

                /**
                 * MeasureRequest recordType.
                 * @member {string} recordType
                 * @memberof crawl.link.v1.MeasureRequest
                 * @instance
                 */
                MeasureRequest.prototype.recordType = "";

                /**
                 * MeasureRequest resolver.
                 * @member {string} resolver
                 * @memberof crawl.link.v1.MeasureRequest
                 * @instance
                 */
                MeasureRequest.prototype.resolver = "";

                /**
                 * MeasureRequest resolverPort.
                 * @member {number} resolverPort
                 * @memberof crawl.link.v1.MeasureRequest
                 * @instance
                 */
                MeasureRequest.prototype.resolverPort = 0;

                /**
                 * MeasureRequest serverName.
                 * @member {string} serverName
                 * @memberof crawl.link.v1.MeasureRequest
                 * @instance
                 */
                MeasureRequest.prototype.serverName = "";

                /**
                 * MeasureRequest ipVersion.
                 * @member {number} ipVersion
                 * @memberof crawl.link.v1.MeasureRequest
                 * @instance
                 */
                MeasureRequest.prototype.ipVersion = 0;

                /**
                 * Creates a new MeasureRequest instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.MeasureRequest
                 * @static
                 * @param {crawl.link.v1.MeasureRequest.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.MeasureRequest} MeasureRequest instance
                 * @type {{
                 *   (properties: crawl.link.v1.MeasureRequest.$Shape): crawl.link.v1.MeasureRequest & crawl.link.v1.MeasureRequest.$Shape;
                 *   (properties?: crawl.link.v1.MeasureRequest.$Properties): crawl.link.v1.MeasureRequest;
                 * }}
                 */
                MeasureRequest.create = function(properties) {
                    return new MeasureRequest(properties);
                };

                /**
                 * Encodes the specified MeasureRequest message. Does not implicitly {@link crawl.link.v1.MeasureRequest.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.MeasureRequest
                 * @static
                 * @param {crawl.link.v1.MeasureRequest.$Properties} m MeasureRequest message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                MeasureRequest.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.type != null && $Object.hasOwnProperty.call(m, "type") && m.type !== 0)
                        w.uint32(/* id 1, wireType 0 =*/8).int32(m.type);
                    if (m.target != null && $Object.hasOwnProperty.call(m, "target") && m.target !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.target);
                    if (m.protocol != null && $Object.hasOwnProperty.call(m, "protocol") && m.protocol !== 0)
                        w.uint32(/* id 3, wireType 0 =*/24).int32(m.protocol);
                    if (m.port != null && $Object.hasOwnProperty.call(m, "port") && m.port !== 0)
                        w.uint32(/* id 4, wireType 0 =*/32).uint32(m.port);
                    if (m.packets != null && $Object.hasOwnProperty.call(m, "packets") && m.packets !== 0)
                        w.uint32(/* id 5, wireType 0 =*/40).uint32(m.packets);
                    if (m.maxHops != null && $Object.hasOwnProperty.call(m, "maxHops") && m.maxHops !== 0)
                        w.uint32(/* id 6, wireType 0 =*/48).uint32(m.maxHops);
                    if (m.recordType != null && $Object.hasOwnProperty.call(m, "recordType") && m.recordType !== "")
                        w.uint32(/* id 7, wireType 2 =*/58).string(m.recordType);
                    if (m.resolver != null && $Object.hasOwnProperty.call(m, "resolver") && m.resolver !== "")
                        w.uint32(/* id 8, wireType 2 =*/66).string(m.resolver);
                    if (m.resolverPort != null && $Object.hasOwnProperty.call(m, "resolverPort") && m.resolverPort !== 0)
                        w.uint32(/* id 9, wireType 0 =*/72).uint32(m.resolverPort);
                    if (m.serverName != null && $Object.hasOwnProperty.call(m, "serverName") && m.serverName !== "")
                        w.uint32(/* id 10, wireType 2 =*/82).string(m.serverName);
                    if (m.ipVersion != null && $Object.hasOwnProperty.call(m, "ipVersion") && m.ipVersion !== 0)
                        w.uint32(/* id 11, wireType 0 =*/88).uint32(m.ipVersion);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a MeasureRequest message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.MeasureRequest
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.MeasureRequest & crawl.link.v1.MeasureRequest.$Shape} MeasureRequest
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                MeasureRequest.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.MeasureRequest();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 0)
                                    break;
                                if (v = r.int32())
                                    m.type = v;
                                else
                                    delete m.type;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.target = v;
                                else
                                    delete m.target;
                                continue;
                            }
                        case 3: {
                                if (u !== 0)
                                    break;
                                if (v = r.int32())
                                    m.protocol = v;
                                else
                                    delete m.protocol;
                                continue;
                            }
                        case 4: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.port = v;
                                else
                                    delete m.port;
                                continue;
                            }
                        case 5: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.packets = v;
                                else
                                    delete m.packets;
                                continue;
                            }
                        case 6: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.maxHops = v;
                                else
                                    delete m.maxHops;
                                continue;
                            }
                        case 7: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.recordType = v;
                                else
                                    delete m.recordType;
                                continue;
                            }
                        case 8: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.resolver = v;
                                else
                                    delete m.resolver;
                                continue;
                            }
                        case 9: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.resolverPort = v;
                                else
                                    delete m.resolverPort;
                                continue;
                            }
                        case 10: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.serverName = v;
                                else
                                    delete m.serverName;
                                continue;
                            }
                        case 11: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.ipVersion = v;
                                else
                                    delete m.ipVersion;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return MeasureRequest;
            })();

            v1.MeasureHop = (function() {

                /**
                 * Properties of a MeasureHop.
                 * @typedef {Object} crawl.link.v1.MeasureHop.$Properties
                 * @property {number|null} [ttl] MeasureHop ttl
                 * @property {string|null} [address] MeasureHop address
                 * @property {string|null} [hostName] MeasureHop hostName
                 * @property {Array.<number>|null} [rttsMs] MeasureHop rttsMs
                 * @property {number|null} [sent] MeasureHop sent
                 * @property {number|null} [received] MeasureHop received
                 * @property {number|null} [lossPercent] MeasureHop lossPercent
                 * @property {number|null} [minMs] MeasureHop minMs
                 * @property {number|null} [avgMs] MeasureHop avgMs
                 * @property {number|null} [maxMs] MeasureHop maxMs
                 * @property {number|null} [stdevMs] MeasureHop stdevMs
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a MeasureHop.
                 * @memberof crawl.link.v1
                 * @interface IMeasureHop
                 * @augments crawl.link.v1.MeasureHop.$Properties
                 * @deprecated Use crawl.link.v1.MeasureHop.$Properties instead.
                 */

                /**
                 * Shape of a MeasureHop.
                 * @typedef {crawl.link.v1.MeasureHop.$Properties} crawl.link.v1.MeasureHop.$Shape
                 */

                /**
                 * Constructs a new MeasureHop.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a MeasureHop.
                 * @constructor
                 * @param {crawl.link.v1.MeasureHop.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const MeasureHop = function (p) {
                    this.rttsMs = [];
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * MeasureHop ttl.
                 * @member {number} ttl
                 * @memberof crawl.link.v1.MeasureHop
                 * @instance
                 */
                MeasureHop.prototype.ttl = 0;

                /**
                 * MeasureHop address.
                 * @member {string} address
                 * @memberof crawl.link.v1.MeasureHop
                 * @instance
                 */
                MeasureHop.prototype.address = "";

                /**
                 * MeasureHop hostName.
                 * @member {string} hostName
                 * @memberof crawl.link.v1.MeasureHop
                 * @instance
                 */
                MeasureHop.prototype.hostName = "";

                /**
                 * MeasureHop rttsMs.
                 * @member {Array.<number>} rttsMs
                 * @memberof crawl.link.v1.MeasureHop
                 * @instance
                 */
                MeasureHop.prototype.rttsMs = $util.emptyArray;

                /**
                 * MeasureHop sent.
                 * @member {number} sent
                 * @memberof crawl.link.v1.MeasureHop
                 * @instance
                 */
                MeasureHop.prototype.sent = 0;

                /**
                 * MeasureHop received.
                 * @member {number} received
                 * @memberof crawl.link.v1.MeasureHop
                 * @instance
                 */
                MeasureHop.prototype.received = 0;

                /**
                 * MeasureHop lossPercent.
                 * @member {number} lossPercent
                 * @memberof crawl.link.v1.MeasureHop
                 * @instance
                 */
                MeasureHop.prototype.lossPercent = 0;

                /**
                 * MeasureHop minMs.
                 * @member {number} minMs
                 * @memberof crawl.link.v1.MeasureHop
                 * @instance
                 */
                MeasureHop.prototype.minMs = 0;

                /**
                 * MeasureHop avgMs.
                 * @member {number} avgMs
                 * @memberof crawl.link.v1.MeasureHop
                 * @instance
                 */
                MeasureHop.prototype.avgMs = 0;

                /**
                 * MeasureHop maxMs.
                 * @member {number} maxMs
                 * @memberof crawl.link.v1.MeasureHop
                 * @instance
                 */
                MeasureHop.prototype.maxMs = 0;

                /**
                 * MeasureHop stdevMs.
                 * @member {number} stdevMs
                 * @memberof crawl.link.v1.MeasureHop
                 * @instance
                 */
                MeasureHop.prototype.stdevMs = 0;

                /**
                 * Creates a new MeasureHop instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.MeasureHop
                 * @static
                 * @param {crawl.link.v1.MeasureHop.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.MeasureHop} MeasureHop instance
                 * @type {{
                 *   (properties: crawl.link.v1.MeasureHop.$Shape): crawl.link.v1.MeasureHop & crawl.link.v1.MeasureHop.$Shape;
                 *   (properties?: crawl.link.v1.MeasureHop.$Properties): crawl.link.v1.MeasureHop;
                 * }}
                 */
                MeasureHop.create = function(properties) {
                    return new MeasureHop(properties);
                };

                /**
                 * Encodes the specified MeasureHop message. Does not implicitly {@link crawl.link.v1.MeasureHop.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.MeasureHop
                 * @static
                 * @param {crawl.link.v1.MeasureHop.$Properties} m MeasureHop message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                MeasureHop.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.ttl != null && $Object.hasOwnProperty.call(m, "ttl") && m.ttl !== 0)
                        w.uint32(/* id 1, wireType 0 =*/8).uint32(m.ttl);
                    if (m.address != null && $Object.hasOwnProperty.call(m, "address") && m.address !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.address);
                    if (m.hostName != null && $Object.hasOwnProperty.call(m, "hostName") && m.hostName !== "")
                        w.uint32(/* id 3, wireType 2 =*/26).string(m.hostName);
                    if (m.rttsMs != null && m.rttsMs.length) {
                        w.uint32(/* id 4, wireType 2 =*/34).doubles(m.rttsMs);
                    }
                    if (m.sent != null && $Object.hasOwnProperty.call(m, "sent") && m.sent !== 0)
                        w.uint32(/* id 5, wireType 0 =*/40).uint32(m.sent);
                    if (m.received != null && $Object.hasOwnProperty.call(m, "received") && m.received !== 0)
                        w.uint32(/* id 6, wireType 0 =*/48).uint32(m.received);
                    if (m.lossPercent != null && $Object.hasOwnProperty.call(m, "lossPercent") && !$Object.is(m.lossPercent, 0))
                        w.uint32(/* id 7, wireType 1 =*/57).double(m.lossPercent);
                    if (m.minMs != null && $Object.hasOwnProperty.call(m, "minMs") && !$Object.is(m.minMs, 0))
                        w.uint32(/* id 8, wireType 1 =*/65).double(m.minMs);
                    if (m.avgMs != null && $Object.hasOwnProperty.call(m, "avgMs") && !$Object.is(m.avgMs, 0))
                        w.uint32(/* id 9, wireType 1 =*/73).double(m.avgMs);
                    if (m.maxMs != null && $Object.hasOwnProperty.call(m, "maxMs") && !$Object.is(m.maxMs, 0))
                        w.uint32(/* id 10, wireType 1 =*/81).double(m.maxMs);
                    if (m.stdevMs != null && $Object.hasOwnProperty.call(m, "stdevMs") && !$Object.is(m.stdevMs, 0))
                        w.uint32(/* id 11, wireType 1 =*/89).double(m.stdevMs);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a MeasureHop message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.MeasureHop
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.MeasureHop & crawl.link.v1.MeasureHop.$Shape} MeasureHop
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                MeasureHop.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.MeasureHop();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.ttl = v;
                                else
                                    delete m.ttl;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.address = v;
                                else
                                    delete m.address;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.hostName = v;
                                else
                                    delete m.hostName;
                                continue;
                            }
                        case 4: {
                                if (u === 2) {
                                    if (!(m.rttsMs && m.rttsMs.length))
                                        m.rttsMs = [];
                                    r.doubles(m.rttsMs);
                                    continue;
                                }
                                if (u !== 1)
                                    break;
                                if (!(m.rttsMs && m.rttsMs.length))
                                    m.rttsMs = [];
                                m.rttsMs.push(r.double());
                                continue;
                            }
                        case 5: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.sent = v;
                                else
                                    delete m.sent;
                                continue;
                            }
                        case 6: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.received = v;
                                else
                                    delete m.received;
                                continue;
                            }
                        case 7: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.lossPercent = v;
                                else
                                    delete m.lossPercent;
                                continue;
                            }
                        case 8: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.minMs = v;
                                else
                                    delete m.minMs;
                                continue;
                            }
                        case 9: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.avgMs = v;
                                else
                                    delete m.avgMs;
                                continue;
                            }
                        case 10: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.maxMs = v;
                                else
                                    delete m.maxMs;
                                continue;
                            }
                        case 11: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.stdevMs = v;
                                else
                                    delete m.stdevMs;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return MeasureHop;
            })();

            v1.MeasurePing = (function() {

                /**
                 * Properties of a MeasurePing.
                 * @typedef {Object} crawl.link.v1.MeasurePing.$Properties
                 * @property {number|null} [sent] MeasurePing sent
                 * @property {number|null} [received] MeasurePing received
                 * @property {number|null} [lossPercent] MeasurePing lossPercent
                 * @property {number|null} [minMs] MeasurePing minMs
                 * @property {number|null} [avgMs] MeasurePing avgMs
                 * @property {number|null} [maxMs] MeasurePing maxMs
                 * @property {number|null} [mdevMs] MeasurePing mdevMs
                 * @property {Array.<number>|null} [rttsMs] MeasurePing rttsMs
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a MeasurePing.
                 * @memberof crawl.link.v1
                 * @interface IMeasurePing
                 * @augments crawl.link.v1.MeasurePing.$Properties
                 * @deprecated Use crawl.link.v1.MeasurePing.$Properties instead.
                 */

                /**
                 * Shape of a MeasurePing.
                 * @typedef {crawl.link.v1.MeasurePing.$Properties} crawl.link.v1.MeasurePing.$Shape
                 */

                /**
                 * Constructs a new MeasurePing.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a MeasurePing.
                 * @constructor
                 * @param {crawl.link.v1.MeasurePing.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const MeasurePing = function (p) {
                    this.rttsMs = [];
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * MeasurePing sent.
                 * @member {number} sent
                 * @memberof crawl.link.v1.MeasurePing
                 * @instance
                 */
                MeasurePing.prototype.sent = 0;

                /**
                 * MeasurePing received.
                 * @member {number} received
                 * @memberof crawl.link.v1.MeasurePing
                 * @instance
                 */
                MeasurePing.prototype.received = 0;

                /**
                 * MeasurePing lossPercent.
                 * @member {number} lossPercent
                 * @memberof crawl.link.v1.MeasurePing
                 * @instance
                 */
                MeasurePing.prototype.lossPercent = 0;

                /**
                 * MeasurePing minMs.
                 * @member {number} minMs
                 * @memberof crawl.link.v1.MeasurePing
                 * @instance
                 */
                MeasurePing.prototype.minMs = 0;

                /**
                 * MeasurePing avgMs.
                 * @member {number} avgMs
                 * @memberof crawl.link.v1.MeasurePing
                 * @instance
                 */
                MeasurePing.prototype.avgMs = 0;

                /**
                 * MeasurePing maxMs.
                 * @member {number} maxMs
                 * @memberof crawl.link.v1.MeasurePing
                 * @instance
                 */
                MeasurePing.prototype.maxMs = 0;

                /**
                 * MeasurePing mdevMs.
                 * @member {number} mdevMs
                 * @memberof crawl.link.v1.MeasurePing
                 * @instance
                 */
                MeasurePing.prototype.mdevMs = 0;

                /**
                 * MeasurePing rttsMs.
                 * @member {Array.<number>} rttsMs
                 * @memberof crawl.link.v1.MeasurePing
                 * @instance
                 */
                MeasurePing.prototype.rttsMs = $util.emptyArray;

                /**
                 * Creates a new MeasurePing instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.MeasurePing
                 * @static
                 * @param {crawl.link.v1.MeasurePing.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.MeasurePing} MeasurePing instance
                 * @type {{
                 *   (properties: crawl.link.v1.MeasurePing.$Shape): crawl.link.v1.MeasurePing & crawl.link.v1.MeasurePing.$Shape;
                 *   (properties?: crawl.link.v1.MeasurePing.$Properties): crawl.link.v1.MeasurePing;
                 * }}
                 */
                MeasurePing.create = function(properties) {
                    return new MeasurePing(properties);
                };

                /**
                 * Encodes the specified MeasurePing message. Does not implicitly {@link crawl.link.v1.MeasurePing.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.MeasurePing
                 * @static
                 * @param {crawl.link.v1.MeasurePing.$Properties} m MeasurePing message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                MeasurePing.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.sent != null && $Object.hasOwnProperty.call(m, "sent") && m.sent !== 0)
                        w.uint32(/* id 1, wireType 0 =*/8).uint32(m.sent);
                    if (m.received != null && $Object.hasOwnProperty.call(m, "received") && m.received !== 0)
                        w.uint32(/* id 2, wireType 0 =*/16).uint32(m.received);
                    if (m.lossPercent != null && $Object.hasOwnProperty.call(m, "lossPercent") && !$Object.is(m.lossPercent, 0))
                        w.uint32(/* id 3, wireType 1 =*/25).double(m.lossPercent);
                    if (m.minMs != null && $Object.hasOwnProperty.call(m, "minMs") && !$Object.is(m.minMs, 0))
                        w.uint32(/* id 4, wireType 1 =*/33).double(m.minMs);
                    if (m.avgMs != null && $Object.hasOwnProperty.call(m, "avgMs") && !$Object.is(m.avgMs, 0))
                        w.uint32(/* id 5, wireType 1 =*/41).double(m.avgMs);
                    if (m.maxMs != null && $Object.hasOwnProperty.call(m, "maxMs") && !$Object.is(m.maxMs, 0))
                        w.uint32(/* id 6, wireType 1 =*/49).double(m.maxMs);
                    if (m.mdevMs != null && $Object.hasOwnProperty.call(m, "mdevMs") && !$Object.is(m.mdevMs, 0))
                        w.uint32(/* id 7, wireType 1 =*/57).double(m.mdevMs);
                    if (m.rttsMs != null && m.rttsMs.length) {
                        w.uint32(/* id 8, wireType 2 =*/66).doubles(m.rttsMs);
                    }
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a MeasurePing message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.MeasurePing
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.MeasurePing & crawl.link.v1.MeasurePing.$Shape} MeasurePing
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                MeasurePing.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.MeasurePing();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.sent = v;
                                else
                                    delete m.sent;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.received = v;
                                else
                                    delete m.received;
                                continue;
                            }
                        case 3: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.lossPercent = v;
                                else
                                    delete m.lossPercent;
                                continue;
                            }
                        case 4: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.minMs = v;
                                else
                                    delete m.minMs;
                                continue;
                            }
                        case 5: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.avgMs = v;
                                else
                                    delete m.avgMs;
                                continue;
                            }
                        case 6: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.maxMs = v;
                                else
                                    delete m.maxMs;
                                continue;
                            }
                        case 7: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.mdevMs = v;
                                else
                                    delete m.mdevMs;
                                continue;
                            }
                        case 8: {
                                if (u === 2) {
                                    if (!(m.rttsMs && m.rttsMs.length))
                                        m.rttsMs = [];
                                    r.doubles(m.rttsMs);
                                    continue;
                                }
                                if (u !== 1)
                                    break;
                                if (!(m.rttsMs && m.rttsMs.length))
                                    m.rttsMs = [];
                                m.rttsMs.push(r.double());
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return MeasurePing;
            })();

            v1.DnsAnswer = (function() {

                /**
                 * Properties of a DnsAnswer.
                 * @typedef {Object} crawl.link.v1.DnsAnswer.$Properties
                 * @property {string|null} [name] DnsAnswer name
                 * @property {string|null} [type] DnsAnswer type
                 * @property {number|null} [ttl] DnsAnswer ttl
                 * @property {boolean|null} [hasTtl] DnsAnswer hasTtl
                 * @property {string|null} [value] DnsAnswer value
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a DnsAnswer.
                 * @memberof crawl.link.v1
                 * @interface IDnsAnswer
                 * @augments crawl.link.v1.DnsAnswer.$Properties
                 * @deprecated Use crawl.link.v1.DnsAnswer.$Properties instead.
                 */

                /**
                 * Shape of a DnsAnswer.
                 * @typedef {crawl.link.v1.DnsAnswer.$Properties} crawl.link.v1.DnsAnswer.$Shape
                 */

                /**
                 * Constructs a new DnsAnswer.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a DnsAnswer.
                 * @constructor
                 * @param {crawl.link.v1.DnsAnswer.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const DnsAnswer = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * DnsAnswer name.
                 * @member {string} name
                 * @memberof crawl.link.v1.DnsAnswer
                 * @instance
                 */
                DnsAnswer.prototype.name = "";

                /**
                 * DnsAnswer type.
                 * @member {string} type
                 * @memberof crawl.link.v1.DnsAnswer
                 * @instance
                 */
                DnsAnswer.prototype.type = "";

                /**
                 * DnsAnswer ttl.
                 * @member {number} ttl
                 * @memberof crawl.link.v1.DnsAnswer
                 * @instance
                 */
                DnsAnswer.prototype.ttl = 0;

                /**
                 * DnsAnswer hasTtl.
                 * @member {boolean} hasTtl
                 * @memberof crawl.link.v1.DnsAnswer
                 * @instance
                 */
                DnsAnswer.prototype.hasTtl = false;

                /**
                 * DnsAnswer value.
                 * @member {string} value
                 * @memberof crawl.link.v1.DnsAnswer
                 * @instance
                 */
                DnsAnswer.prototype.value = "";

                /**
                 * Creates a new DnsAnswer instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.DnsAnswer
                 * @static
                 * @param {crawl.link.v1.DnsAnswer.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.DnsAnswer} DnsAnswer instance
                 * @type {{
                 *   (properties: crawl.link.v1.DnsAnswer.$Shape): crawl.link.v1.DnsAnswer & crawl.link.v1.DnsAnswer.$Shape;
                 *   (properties?: crawl.link.v1.DnsAnswer.$Properties): crawl.link.v1.DnsAnswer;
                 * }}
                 */
                DnsAnswer.create = function(properties) {
                    return new DnsAnswer(properties);
                };

                /**
                 * Encodes the specified DnsAnswer message. Does not implicitly {@link crawl.link.v1.DnsAnswer.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.DnsAnswer
                 * @static
                 * @param {crawl.link.v1.DnsAnswer.$Properties} m DnsAnswer message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                DnsAnswer.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.name != null && $Object.hasOwnProperty.call(m, "name") && m.name !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.name);
                    if (m.type != null && $Object.hasOwnProperty.call(m, "type") && m.type !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.type);
                    if (m.ttl != null && $Object.hasOwnProperty.call(m, "ttl") && m.ttl !== 0)
                        w.uint32(/* id 3, wireType 0 =*/24).uint32(m.ttl);
                    if (m.hasTtl != null && $Object.hasOwnProperty.call(m, "hasTtl") && m.hasTtl !== false)
                        w.uint32(/* id 4, wireType 0 =*/32).bool(m.hasTtl);
                    if (m.value != null && $Object.hasOwnProperty.call(m, "value") && m.value !== "")
                        w.uint32(/* id 5, wireType 2 =*/42).string(m.value);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a DnsAnswer message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.DnsAnswer
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.DnsAnswer & crawl.link.v1.DnsAnswer.$Shape} DnsAnswer
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                DnsAnswer.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.DnsAnswer();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.name = v;
                                else
                                    delete m.name;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.type = v;
                                else
                                    delete m.type;
                                continue;
                            }
                        case 3: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.ttl = v;
                                else
                                    delete m.ttl;
                                continue;
                            }
                        case 4: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.hasTtl = v;
                                else
                                    delete m.hasTtl;
                                continue;
                            }
                        case 5: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.value = v;
                                else
                                    delete m.value;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return DnsAnswer;
            })();

            v1.MeasureDns = (function() {

                /**
                 * Properties of a MeasureDns.
                 * @typedef {Object} crawl.link.v1.MeasureDns.$Properties
                 * @property {string|null} [resolver] MeasureDns resolver
                 * @property {string|null} [recordType] MeasureDns recordType
                 * @property {string|null} [protocol] MeasureDns protocol
                 * @property {Array.<crawl.link.v1.DnsAnswer.$Properties>|null} [answers] MeasureDns answers
                 * @property {string|null} [status] MeasureDns status
                 * @property {number|null} [timeMs] MeasureDns timeMs
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a MeasureDns.
                 * @memberof crawl.link.v1
                 * @interface IMeasureDns
                 * @augments crawl.link.v1.MeasureDns.$Properties
                 * @deprecated Use crawl.link.v1.MeasureDns.$Properties instead.
                 */

                /**
                 * Shape of a MeasureDns.
                 * @typedef {crawl.link.v1.MeasureDns.$Properties} crawl.link.v1.MeasureDns.$Shape
                 */

                /**
                 * Constructs a new MeasureDns.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a MeasureDns.
                 * @constructor
                 * @param {crawl.link.v1.MeasureDns.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const MeasureDns = function (p) {
                    this.answers = [];
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * MeasureDns resolver.
                 * @member {string} resolver
                 * @memberof crawl.link.v1.MeasureDns
                 * @instance
                 */
                MeasureDns.prototype.resolver = "";

                /**
                 * MeasureDns recordType.
                 * @member {string} recordType
                 * @memberof crawl.link.v1.MeasureDns
                 * @instance
                 */
                MeasureDns.prototype.recordType = "";

                /**
                 * MeasureDns protocol.
                 * @member {string} protocol
                 * @memberof crawl.link.v1.MeasureDns
                 * @instance
                 */
                MeasureDns.prototype.protocol = "";

                /**
                 * MeasureDns answers.
                 * @member {Array.<crawl.link.v1.DnsAnswer.$Properties>} answers
                 * @memberof crawl.link.v1.MeasureDns
                 * @instance
                 */
                MeasureDns.prototype.answers = $util.emptyArray;

                /**
                 * MeasureDns status.
                 * @member {string} status
                 * @memberof crawl.link.v1.MeasureDns
                 * @instance
                 */
                MeasureDns.prototype.status = "";

                /**
                 * MeasureDns timeMs.
                 * @member {number} timeMs
                 * @memberof crawl.link.v1.MeasureDns
                 * @instance
                 */
                MeasureDns.prototype.timeMs = 0;

                /**
                 * Creates a new MeasureDns instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.MeasureDns
                 * @static
                 * @param {crawl.link.v1.MeasureDns.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.MeasureDns} MeasureDns instance
                 * @type {{
                 *   (properties: crawl.link.v1.MeasureDns.$Shape): crawl.link.v1.MeasureDns & crawl.link.v1.MeasureDns.$Shape;
                 *   (properties?: crawl.link.v1.MeasureDns.$Properties): crawl.link.v1.MeasureDns;
                 * }}
                 */
                MeasureDns.create = function(properties) {
                    return new MeasureDns(properties);
                };

                /**
                 * Encodes the specified MeasureDns message. Does not implicitly {@link crawl.link.v1.MeasureDns.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.MeasureDns
                 * @static
                 * @param {crawl.link.v1.MeasureDns.$Properties} m MeasureDns message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                MeasureDns.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.resolver != null && $Object.hasOwnProperty.call(m, "resolver") && m.resolver !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.resolver);
                    if (m.recordType != null && $Object.hasOwnProperty.call(m, "recordType") && m.recordType !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.recordType);
                    if (m.protocol != null && $Object.hasOwnProperty.call(m, "protocol") && m.protocol !== "")
                        w.uint32(/* id 3, wireType 2 =*/26).string(m.protocol);
                    if (m.answers != null && m.answers.length) {
                        for (var i = 0; i < m.answers.length; ++i)
                            $root.crawl.link.v1.DnsAnswer.encode(m.answers[i], w.uint32(/* id 4, wireType 2 =*/34).fork(), q + 1).ldelim();
                    }
                    if (m.status != null && $Object.hasOwnProperty.call(m, "status") && m.status !== "")
                        w.uint32(/* id 5, wireType 2 =*/42).string(m.status);
                    if (m.timeMs != null && $Object.hasOwnProperty.call(m, "timeMs") && !$Object.is(m.timeMs, 0))
                        w.uint32(/* id 6, wireType 1 =*/49).double(m.timeMs);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a MeasureDns message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.MeasureDns
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.MeasureDns & crawl.link.v1.MeasureDns.$Shape} MeasureDns
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                MeasureDns.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.MeasureDns();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.resolver = v;
                                else
                                    delete m.resolver;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.recordType = v;
                                else
                                    delete m.recordType;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.protocol = v;
                                else
                                    delete m.protocol;
                                continue;
                            }
                        case 4: {
                                if (u !== 2)
                                    break;
                                if (!(m.answers && m.answers.length))
                                    m.answers = [];
                                m.answers.push($root.crawl.link.v1.DnsAnswer.decode(r, r.size(), $undefined, q + 1));
                                continue;
                            }
                        case 5: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.status = v;
                                else
                                    delete m.status;
                                continue;
                            }
                        case 6: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.timeMs = v;
                                else
                                    delete m.timeMs;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return MeasureDns;
            })();

            v1.TlsCertificate = (function() {

                /**
                 * Properties of a TlsCertificate.
                 * @typedef {Object} crawl.link.v1.TlsCertificate.$Properties
                 * @property {string|null} [subject] TlsCertificate subject
                 * @property {string|null} [issuer] TlsCertificate issuer
                 * @property {string|null} [validFrom] TlsCertificate validFrom
                 * @property {string|null} [validTo] TlsCertificate validTo
                 * @property {string|null} [serialNumber] TlsCertificate serialNumber
                 * @property {string|null} [fingerprintSha256] TlsCertificate fingerprintSha256
                 * @property {Array.<string>|null} [subjectAltNames] TlsCertificate subjectAltNames
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a TlsCertificate.
                 * @memberof crawl.link.v1
                 * @interface ITlsCertificate
                 * @augments crawl.link.v1.TlsCertificate.$Properties
                 * @deprecated Use crawl.link.v1.TlsCertificate.$Properties instead.
                 */

                /**
                 * Shape of a TlsCertificate.
                 * @typedef {crawl.link.v1.TlsCertificate.$Properties} crawl.link.v1.TlsCertificate.$Shape
                 */

                /**
                 * Constructs a new TlsCertificate.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a TlsCertificate.
                 * @constructor
                 * @param {crawl.link.v1.TlsCertificate.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const TlsCertificate = function (p) {
                    this.subjectAltNames = [];
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * TlsCertificate subject.
                 * @member {string} subject
                 * @memberof crawl.link.v1.TlsCertificate
                 * @instance
                 */
                TlsCertificate.prototype.subject = "";

                /**
                 * TlsCertificate issuer.
                 * @member {string} issuer
                 * @memberof crawl.link.v1.TlsCertificate
                 * @instance
                 */
                TlsCertificate.prototype.issuer = "";

                /**
                 * TlsCertificate validFrom.
                 * @member {string} validFrom
                 * @memberof crawl.link.v1.TlsCertificate
                 * @instance
                 */
                TlsCertificate.prototype.validFrom = "";

                /**
                 * TlsCertificate validTo.
                 * @member {string} validTo
                 * @memberof crawl.link.v1.TlsCertificate
                 * @instance
                 */
                TlsCertificate.prototype.validTo = "";

                /**
                 * TlsCertificate serialNumber.
                 * @member {string} serialNumber
                 * @memberof crawl.link.v1.TlsCertificate
                 * @instance
                 */
                TlsCertificate.prototype.serialNumber = "";

                /**
                 * TlsCertificate fingerprintSha256.
                 * @member {string} fingerprintSha256
                 * @memberof crawl.link.v1.TlsCertificate
                 * @instance
                 */
                TlsCertificate.prototype.fingerprintSha256 = "";

                /**
                 * TlsCertificate subjectAltNames.
                 * @member {Array.<string>} subjectAltNames
                 * @memberof crawl.link.v1.TlsCertificate
                 * @instance
                 */
                TlsCertificate.prototype.subjectAltNames = $util.emptyArray;

                /**
                 * Creates a new TlsCertificate instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.TlsCertificate
                 * @static
                 * @param {crawl.link.v1.TlsCertificate.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.TlsCertificate} TlsCertificate instance
                 * @type {{
                 *   (properties: crawl.link.v1.TlsCertificate.$Shape): crawl.link.v1.TlsCertificate & crawl.link.v1.TlsCertificate.$Shape;
                 *   (properties?: crawl.link.v1.TlsCertificate.$Properties): crawl.link.v1.TlsCertificate;
                 * }}
                 */
                TlsCertificate.create = function(properties) {
                    return new TlsCertificate(properties);
                };

                /**
                 * Encodes the specified TlsCertificate message. Does not implicitly {@link crawl.link.v1.TlsCertificate.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.TlsCertificate
                 * @static
                 * @param {crawl.link.v1.TlsCertificate.$Properties} m TlsCertificate message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                TlsCertificate.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.subject != null && $Object.hasOwnProperty.call(m, "subject") && m.subject !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.subject);
                    if (m.issuer != null && $Object.hasOwnProperty.call(m, "issuer") && m.issuer !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.issuer);
                    if (m.validFrom != null && $Object.hasOwnProperty.call(m, "validFrom") && m.validFrom !== "")
                        w.uint32(/* id 3, wireType 2 =*/26).string(m.validFrom);
                    if (m.validTo != null && $Object.hasOwnProperty.call(m, "validTo") && m.validTo !== "")
                        w.uint32(/* id 4, wireType 2 =*/34).string(m.validTo);
                    if (m.serialNumber != null && $Object.hasOwnProperty.call(m, "serialNumber") && m.serialNumber !== "")
                        w.uint32(/* id 5, wireType 2 =*/42).string(m.serialNumber);
                    if (m.fingerprintSha256 != null && $Object.hasOwnProperty.call(m, "fingerprintSha256") && m.fingerprintSha256 !== "")
                        w.uint32(/* id 6, wireType 2 =*/50).string(m.fingerprintSha256);
                    if (m.subjectAltNames != null && m.subjectAltNames.length) {
                        for (var i = 0; i < m.subjectAltNames.length; ++i)
                            w.uint32(/* id 7, wireType 2 =*/58).string(m.subjectAltNames[i]);
                    }
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a TlsCertificate message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.TlsCertificate
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.TlsCertificate & crawl.link.v1.TlsCertificate.$Shape} TlsCertificate
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                TlsCertificate.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.TlsCertificate();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.subject = v;
                                else
                                    delete m.subject;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.issuer = v;
                                else
                                    delete m.issuer;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.validFrom = v;
                                else
                                    delete m.validFrom;
                                continue;
                            }
                        case 4: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.validTo = v;
                                else
                                    delete m.validTo;
                                continue;
                            }
                        case 5: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.serialNumber = v;
                                else
                                    delete m.serialNumber;
                                continue;
                            }
                        case 6: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.fingerprintSha256 = v;
                                else
                                    delete m.fingerprintSha256;
                                continue;
                            }
                        case 7: {
                                if (u !== 2)
                                    break;
                                if (!(m.subjectAltNames && m.subjectAltNames.length))
                                    m.subjectAltNames = [];
                                m.subjectAltNames.push(r.stringVerify());
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return TlsCertificate;
            })();

            v1.MeasureTls = (function() {

                /**
                 * Properties of a MeasureTls.
                 * @typedef {Object} crawl.link.v1.MeasureTls.$Properties
                 * @property {string|null} [protocol] MeasureTls protocol
                 * @property {string|null} [cipher] MeasureTls cipher
                 * @property {string|null} [alpn] MeasureTls alpn
                 * @property {boolean|null} [authorized] MeasureTls authorized
                 * @property {string|null} [authorizationError] MeasureTls authorizationError
                 * @property {Array.<crawl.link.v1.TlsCertificate.$Properties>|null} [chain] MeasureTls chain
                 * @property {number|null} [handshakeMs] MeasureTls handshakeMs
                 * @property {string|null} [serverName] MeasureTls serverName
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a MeasureTls.
                 * @memberof crawl.link.v1
                 * @interface IMeasureTls
                 * @augments crawl.link.v1.MeasureTls.$Properties
                 * @deprecated Use crawl.link.v1.MeasureTls.$Properties instead.
                 */

                /**
                 * Shape of a MeasureTls.
                 * @typedef {crawl.link.v1.MeasureTls.$Properties} crawl.link.v1.MeasureTls.$Shape
                 */

                /**
                 * Constructs a new MeasureTls.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a MeasureTls.
                 * @constructor
                 * @param {crawl.link.v1.MeasureTls.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const MeasureTls = function (p) {
                    this.chain = [];
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * MeasureTls protocol.
                 * @member {string} protocol
                 * @memberof crawl.link.v1.MeasureTls
                 * @instance
                 */
                MeasureTls.prototype.protocol = "";

                /**
                 * MeasureTls cipher.
                 * @member {string} cipher
                 * @memberof crawl.link.v1.MeasureTls
                 * @instance
                 */
                MeasureTls.prototype.cipher = "";

                /**
                 * MeasureTls alpn.
                 * @member {string} alpn
                 * @memberof crawl.link.v1.MeasureTls
                 * @instance
                 */
                MeasureTls.prototype.alpn = "";

                /**
                 * MeasureTls authorized.
                 * @member {boolean} authorized
                 * @memberof crawl.link.v1.MeasureTls
                 * @instance
                 */
                MeasureTls.prototype.authorized = false;

                /**
                 * MeasureTls authorizationError.
                 * @member {string} authorizationError
                 * @memberof crawl.link.v1.MeasureTls
                 * @instance
                 */
                MeasureTls.prototype.authorizationError = "";

                /**
                 * MeasureTls chain.
                 * @member {Array.<crawl.link.v1.TlsCertificate.$Properties>} chain
                 * @memberof crawl.link.v1.MeasureTls
                 * @instance
                 */
                MeasureTls.prototype.chain = $util.emptyArray;

                /**
                 * MeasureTls handshakeMs.
                 * @member {number} handshakeMs
                 * @memberof crawl.link.v1.MeasureTls
                 * @instance
                 */
                MeasureTls.prototype.handshakeMs = 0;

                /**
                 * MeasureTls serverName.
                 * @member {string} serverName
                 * @memberof crawl.link.v1.MeasureTls
                 * @instance
                 */
                MeasureTls.prototype.serverName = "";

                /**
                 * Creates a new MeasureTls instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.MeasureTls
                 * @static
                 * @param {crawl.link.v1.MeasureTls.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.MeasureTls} MeasureTls instance
                 * @type {{
                 *   (properties: crawl.link.v1.MeasureTls.$Shape): crawl.link.v1.MeasureTls & crawl.link.v1.MeasureTls.$Shape;
                 *   (properties?: crawl.link.v1.MeasureTls.$Properties): crawl.link.v1.MeasureTls;
                 * }}
                 */
                MeasureTls.create = function(properties) {
                    return new MeasureTls(properties);
                };

                /**
                 * Encodes the specified MeasureTls message. Does not implicitly {@link crawl.link.v1.MeasureTls.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.MeasureTls
                 * @static
                 * @param {crawl.link.v1.MeasureTls.$Properties} m MeasureTls message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                MeasureTls.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.protocol != null && $Object.hasOwnProperty.call(m, "protocol") && m.protocol !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.protocol);
                    if (m.cipher != null && $Object.hasOwnProperty.call(m, "cipher") && m.cipher !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.cipher);
                    if (m.alpn != null && $Object.hasOwnProperty.call(m, "alpn") && m.alpn !== "")
                        w.uint32(/* id 3, wireType 2 =*/26).string(m.alpn);
                    if (m.authorized != null && $Object.hasOwnProperty.call(m, "authorized") && m.authorized !== false)
                        w.uint32(/* id 4, wireType 0 =*/32).bool(m.authorized);
                    if (m.authorizationError != null && $Object.hasOwnProperty.call(m, "authorizationError") && m.authorizationError !== "")
                        w.uint32(/* id 5, wireType 2 =*/42).string(m.authorizationError);
                    if (m.chain != null && m.chain.length) {
                        for (var i = 0; i < m.chain.length; ++i)
                            $root.crawl.link.v1.TlsCertificate.encode(m.chain[i], w.uint32(/* id 6, wireType 2 =*/50).fork(), q + 1).ldelim();
                    }
                    if (m.handshakeMs != null && $Object.hasOwnProperty.call(m, "handshakeMs") && !$Object.is(m.handshakeMs, 0))
                        w.uint32(/* id 7, wireType 1 =*/57).double(m.handshakeMs);
                    if (m.serverName != null && $Object.hasOwnProperty.call(m, "serverName") && m.serverName !== "")
                        w.uint32(/* id 8, wireType 2 =*/66).string(m.serverName);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a MeasureTls message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.MeasureTls
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.MeasureTls & crawl.link.v1.MeasureTls.$Shape} MeasureTls
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                MeasureTls.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.MeasureTls();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.protocol = v;
                                else
                                    delete m.protocol;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.cipher = v;
                                else
                                    delete m.cipher;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.alpn = v;
                                else
                                    delete m.alpn;
                                continue;
                            }
                        case 4: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.authorized = v;
                                else
                                    delete m.authorized;
                                continue;
                            }
                        case 5: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.authorizationError = v;
                                else
                                    delete m.authorizationError;
                                continue;
                            }
                        case 6: {
                                if (u !== 2)
                                    break;
                                if (!(m.chain && m.chain.length))
                                    m.chain = [];
                                m.chain.push($root.crawl.link.v1.TlsCertificate.decode(r, r.size(), $undefined, q + 1));
                                continue;
                            }
                        case 7: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.handshakeMs = v;
                                else
                                    delete m.handshakeMs;
                                continue;
                            }
                        case 8: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.serverName = v;
                                else
                                    delete m.serverName;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return MeasureTls;
            })();

            v1.MeasureResult = (function() {

                /**
                 * Properties of a MeasureResult.
                 * @typedef {Object} crawl.link.v1.MeasureResult.$Properties
                 * @property {crawl.link.v1.MeasureType|null} [type] MeasureResult type
                 * @property {string|null} [target] MeasureResult target
                 * @property {string|null} [address] MeasureResult address
                 * @property {crawl.link.v1.MeasureProtocol|null} [protocol] MeasureResult protocol
                 * @property {crawl.link.v1.MeasurePing.$Properties|null} [ping] MeasureResult ping
                 * @property {Array.<crawl.link.v1.MeasureHop.$Properties>|null} [hops] MeasureResult hops
                 * @property {crawl.link.v1.MeasureDns.$Properties|null} [dns] MeasureResult dns
                 * @property {crawl.link.v1.MeasureTls.$Properties|null} [tls] MeasureResult tls
                 * @property {boolean|null} [truncated] MeasureResult truncated
                 * @property {string|null} [tool] MeasureResult tool
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a MeasureResult.
                 * @memberof crawl.link.v1
                 * @interface IMeasureResult
                 * @augments crawl.link.v1.MeasureResult.$Properties
                 * @deprecated Use crawl.link.v1.MeasureResult.$Properties instead.
                 */

                /**
                 * Shape of a MeasureResult.
                 * @typedef {crawl.link.v1.MeasureResult.$Properties} crawl.link.v1.MeasureResult.$Shape
                 */

                /**
                 * Constructs a new MeasureResult.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a MeasureResult.
                 * @constructor
                 * @param {crawl.link.v1.MeasureResult.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const MeasureResult = function (p) {
                    this.hops = [];
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * MeasureResult type.
                 * @member {crawl.link.v1.MeasureType} type
                 * @memberof crawl.link.v1.MeasureResult
                 * @instance
                 */
                MeasureResult.prototype.type = 0;

                /**
                 * MeasureResult target.
                 * @member {string} target
                 * @memberof crawl.link.v1.MeasureResult
                 * @instance
                 */
                MeasureResult.prototype.target = "";

                /**
                 * MeasureResult address.
                 * @member {string} address
                 * @memberof crawl.link.v1.MeasureResult
                 * @instance
                 */
                MeasureResult.prototype.address = "";

                /**
                 * MeasureResult protocol.
                 * @member {crawl.link.v1.MeasureProtocol} protocol
                 * @memberof crawl.link.v1.MeasureResult
                 * @instance
                 */
                MeasureResult.prototype.protocol = 0;

                /**
                 * MeasureResult ping.
                 * @member {crawl.link.v1.MeasurePing.$Properties|null|undefined} ping
                 * @memberof crawl.link.v1.MeasureResult
                 * @instance
                 */
                MeasureResult.prototype.ping = null;

                /**
                 * MeasureResult hops.
                 * @member {Array.<crawl.link.v1.MeasureHop.$Properties>} hops
                 * @memberof crawl.link.v1.MeasureResult
                 * @instance
                 */
                MeasureResult.prototype.hops = $util.emptyArray;

                /**
                 * MeasureResult dns.
                 * @member {crawl.link.v1.MeasureDns.$Properties|null|undefined} dns
                 * @memberof crawl.link.v1.MeasureResult
                 * @instance
                 */
                MeasureResult.prototype.dns = null;

                /**
                 * MeasureResult tls.
                 * @member {crawl.link.v1.MeasureTls.$Properties|null|undefined} tls
                 * @memberof crawl.link.v1.MeasureResult
                 * @instance
                 */
                MeasureResult.prototype.tls = null;

                /**
                 * MeasureResult truncated.
                 * @member {boolean} truncated
                 * @memberof crawl.link.v1.MeasureResult
                 * @instance
                 */
                MeasureResult.prototype.truncated = false;

                /**
                 * MeasureResult tool.
                 * @member {string} tool
                 * @memberof crawl.link.v1.MeasureResult
                 * @instance
                 */
                MeasureResult.prototype.tool = "";

                /**
                 * Creates a new MeasureResult instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.MeasureResult
                 * @static
                 * @param {crawl.link.v1.MeasureResult.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.MeasureResult} MeasureResult instance
                 * @type {{
                 *   (properties: crawl.link.v1.MeasureResult.$Shape): crawl.link.v1.MeasureResult & crawl.link.v1.MeasureResult.$Shape;
                 *   (properties?: crawl.link.v1.MeasureResult.$Properties): crawl.link.v1.MeasureResult;
                 * }}
                 */
                MeasureResult.create = function(properties) {
                    return new MeasureResult(properties);
                };

                /**
                 * Encodes the specified MeasureResult message. Does not implicitly {@link crawl.link.v1.MeasureResult.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.MeasureResult
                 * @static
                 * @param {crawl.link.v1.MeasureResult.$Properties} m MeasureResult message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                MeasureResult.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.type != null && $Object.hasOwnProperty.call(m, "type") && m.type !== 0)
                        w.uint32(/* id 1, wireType 0 =*/8).int32(m.type);
                    if (m.target != null && $Object.hasOwnProperty.call(m, "target") && m.target !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.target);
                    if (m.address != null && $Object.hasOwnProperty.call(m, "address") && m.address !== "")
                        w.uint32(/* id 3, wireType 2 =*/26).string(m.address);
                    if (m.protocol != null && $Object.hasOwnProperty.call(m, "protocol") && m.protocol !== 0)
                        w.uint32(/* id 4, wireType 0 =*/32).int32(m.protocol);
                    if (m.ping != null && $Object.hasOwnProperty.call(m, "ping"))
                        $root.crawl.link.v1.MeasurePing.encode(m.ping, w.uint32(/* id 5, wireType 2 =*/42).fork(), q + 1).ldelim();
                    if (m.hops != null && m.hops.length) {
                        for (var i = 0; i < m.hops.length; ++i)
                            $root.crawl.link.v1.MeasureHop.encode(m.hops[i], w.uint32(/* id 6, wireType 2 =*/50).fork(), q + 1).ldelim();
                    }
                    if (m.dns != null && $Object.hasOwnProperty.call(m, "dns"))
                        $root.crawl.link.v1.MeasureDns.encode(m.dns, w.uint32(/* id 7, wireType 2 =*/58).fork(), q + 1).ldelim();
                    if (m.tls != null && $Object.hasOwnProperty.call(m, "tls"))
                        $root.crawl.link.v1.MeasureTls.encode(m.tls, w.uint32(/* id 8, wireType 2 =*/66).fork(), q + 1).ldelim();
                    if (m.truncated != null && $Object.hasOwnProperty.call(m, "truncated") && m.truncated !== false)
                        w.uint32(/* id 9, wireType 0 =*/72).bool(m.truncated);
                    if (m.tool != null && $Object.hasOwnProperty.call(m, "tool") && m.tool !== "")
                        w.uint32(/* id 10, wireType 2 =*/82).string(m.tool);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a MeasureResult message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.MeasureResult
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.MeasureResult & crawl.link.v1.MeasureResult.$Shape} MeasureResult
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                MeasureResult.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.MeasureResult();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 0)
                                    break;
                                if (v = r.int32())
                                    m.type = v;
                                else
                                    delete m.type;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.target = v;
                                else
                                    delete m.target;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.address = v;
                                else
                                    delete m.address;
                                continue;
                            }
                        case 4: {
                                if (u !== 0)
                                    break;
                                if (v = r.int32())
                                    m.protocol = v;
                                else
                                    delete m.protocol;
                                continue;
                            }
                        case 5: {
                                if (u !== 2)
                                    break;
                                m.ping = $root.crawl.link.v1.MeasurePing.decode(r, r.size(), $undefined, q + 1, m.ping);
                                continue;
                            }
                        case 6: {
                                if (u !== 2)
                                    break;
                                if (!(m.hops && m.hops.length))
                                    m.hops = [];
                                m.hops.push($root.crawl.link.v1.MeasureHop.decode(r, r.size(), $undefined, q + 1));
                                continue;
                            }
                        case 7: {
                                if (u !== 2)
                                    break;
                                m.dns = $root.crawl.link.v1.MeasureDns.decode(r, r.size(), $undefined, q + 1, m.dns);
                                continue;
                            }
                        case 8: {
                                if (u !== 2)
                                    break;
                                m.tls = $root.crawl.link.v1.MeasureTls.decode(r, r.size(), $undefined, q + 1, m.tls);
                                continue;
                            }
                        case 9: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.truncated = v;
                                else
                                    delete m.truncated;
                                continue;
                            }
                        case 10: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.tool = v;
                                else
                                    delete m.tool;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return MeasureResult;
            })();

            v1.Assign = (function() {

                /**
                 * Properties of an Assign.
                 * @typedef {Object} crawl.link.v1.Assign.$Properties
                 * @property {string|null} [jobId] Assign jobId
                 * @property {number|null} [attempt] Assign attempt
                 * @property {crawl.link.v1.JobRequest.$Properties|null} [request] Assign request
                 * @property {number|null} [deadlineMs] Assign deadlineMs
                 * @property {string|null} [traceParent] Assign traceParent
                 * @property {string|null} [traceState] Assign traceState
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of an Assign.
                 * @memberof crawl.link.v1
                 * @interface IAssign
                 * @augments crawl.link.v1.Assign.$Properties
                 * @deprecated Use crawl.link.v1.Assign.$Properties instead.
                 */

                /**
                 * Shape of an Assign.
                 * @typedef {crawl.link.v1.Assign.$Properties} crawl.link.v1.Assign.$Shape
                 */

                /**
                 * Constructs a new Assign.
                 * @memberof crawl.link.v1
                 * @classdesc Represents an Assign.
                 * @constructor
                 * @param {crawl.link.v1.Assign.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Assign = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * Assign jobId.
                 * @member {string} jobId
                 * @memberof crawl.link.v1.Assign
                 * @instance
                 */
                Assign.prototype.jobId = "";

                /**
                 * Assign attempt.
                 * @member {number} attempt
                 * @memberof crawl.link.v1.Assign
                 * @instance
                 */
                Assign.prototype.attempt = 0;

                /**
                 * Assign request.
                 * @member {crawl.link.v1.JobRequest.$Properties|null|undefined} request
                 * @memberof crawl.link.v1.Assign
                 * @instance
                 */
                Assign.prototype.request = null;

                /**
                 * Assign deadlineMs.
                 * @member {number} deadlineMs
                 * @memberof crawl.link.v1.Assign
                 * @instance
                 */
                Assign.prototype.deadlineMs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * Assign traceParent.
                 * @member {string} traceParent
                 * @memberof crawl.link.v1.Assign
                 * @instance
                 */
                Assign.prototype.traceParent = "";

                /**
                 * Assign traceState.
                 * @member {string} traceState
                 * @memberof crawl.link.v1.Assign
                 * @instance
                 */
                Assign.prototype.traceState = "";

                /**
                 * Creates a new Assign instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.Assign
                 * @static
                 * @param {crawl.link.v1.Assign.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.Assign} Assign instance
                 * @type {{
                 *   (properties: crawl.link.v1.Assign.$Shape): crawl.link.v1.Assign & crawl.link.v1.Assign.$Shape;
                 *   (properties?: crawl.link.v1.Assign.$Properties): crawl.link.v1.Assign;
                 * }}
                 */
                Assign.create = function(properties) {
                    return new Assign(properties);
                };

                /**
                 * Encodes the specified Assign message. Does not implicitly {@link crawl.link.v1.Assign.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.Assign
                 * @static
                 * @param {crawl.link.v1.Assign.$Properties} m Assign message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Assign.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.jobId != null && $Object.hasOwnProperty.call(m, "jobId") && m.jobId !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.jobId);
                    if (m.attempt != null && $Object.hasOwnProperty.call(m, "attempt") && m.attempt !== 0)
                        w.uint32(/* id 2, wireType 0 =*/16).uint32(m.attempt);
                    if (m.request != null && $Object.hasOwnProperty.call(m, "request"))
                        $root.crawl.link.v1.JobRequest.encode(m.request, w.uint32(/* id 3, wireType 2 =*/26).fork(), q + 1).ldelim();
                    if (m.deadlineMs != null && $Object.hasOwnProperty.call(m, "deadlineMs") && (typeof m.deadlineMs === "object" ? m.deadlineMs.low || m.deadlineMs.high : m.deadlineMs !== 0))
                        w.uint32(/* id 4, wireType 0 =*/32).uint64(m.deadlineMs);
                    if (m.traceParent != null && $Object.hasOwnProperty.call(m, "traceParent") && m.traceParent !== "")
                        w.uint32(/* id 5, wireType 2 =*/42).string(m.traceParent);
                    if (m.traceState != null && $Object.hasOwnProperty.call(m, "traceState") && m.traceState !== "")
                        w.uint32(/* id 6, wireType 2 =*/50).string(m.traceState);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes an Assign message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.Assign
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Assign & crawl.link.v1.Assign.$Shape} Assign
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Assign.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.Assign();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.jobId = v;
                                else
                                    delete m.jobId;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.attempt = v;
                                else
                                    delete m.attempt;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                m.request = $root.crawl.link.v1.JobRequest.decode(r, r.size(), $undefined, q + 1, m.request);
                                continue;
                            }
                        case 4: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                    m.deadlineMs = v;
                                else
                                    delete m.deadlineMs;
                                continue;
                            }
                        case 5: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.traceParent = v;
                                else
                                    delete m.traceParent;
                                continue;
                            }
                        case 6: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.traceState = v;
                                else
                                    delete m.traceState;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return Assign;
            })();

            v1.Accept = (function() {

                /**
                 * Properties of an Accept.
                 * @typedef {Object} crawl.link.v1.Accept.$Properties
                 * @property {string|null} [jobId] Accept jobId
                 * @property {number|null} [attempt] Accept attempt
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of an Accept.
                 * @memberof crawl.link.v1
                 * @interface IAccept
                 * @augments crawl.link.v1.Accept.$Properties
                 * @deprecated Use crawl.link.v1.Accept.$Properties instead.
                 */

                /**
                 * Shape of an Accept.
                 * @typedef {crawl.link.v1.Accept.$Properties} crawl.link.v1.Accept.$Shape
                 */

                /**
                 * Constructs a new Accept.
                 * @memberof crawl.link.v1
                 * @classdesc Represents an Accept.
                 * @constructor
                 * @param {crawl.link.v1.Accept.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Accept = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * Accept jobId.
                 * @member {string} jobId
                 * @memberof crawl.link.v1.Accept
                 * @instance
                 */
                Accept.prototype.jobId = "";

                /**
                 * Accept attempt.
                 * @member {number} attempt
                 * @memberof crawl.link.v1.Accept
                 * @instance
                 */
                Accept.prototype.attempt = 0;

                /**
                 * Creates a new Accept instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.Accept
                 * @static
                 * @param {crawl.link.v1.Accept.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.Accept} Accept instance
                 * @type {{
                 *   (properties: crawl.link.v1.Accept.$Shape): crawl.link.v1.Accept & crawl.link.v1.Accept.$Shape;
                 *   (properties?: crawl.link.v1.Accept.$Properties): crawl.link.v1.Accept;
                 * }}
                 */
                Accept.create = function(properties) {
                    return new Accept(properties);
                };

                /**
                 * Encodes the specified Accept message. Does not implicitly {@link crawl.link.v1.Accept.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.Accept
                 * @static
                 * @param {crawl.link.v1.Accept.$Properties} m Accept message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Accept.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.jobId != null && $Object.hasOwnProperty.call(m, "jobId") && m.jobId !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.jobId);
                    if (m.attempt != null && $Object.hasOwnProperty.call(m, "attempt") && m.attempt !== 0)
                        w.uint32(/* id 2, wireType 0 =*/16).uint32(m.attempt);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes an Accept message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.Accept
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Accept & crawl.link.v1.Accept.$Shape} Accept
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Accept.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.Accept();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.jobId = v;
                                else
                                    delete m.jobId;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.attempt = v;
                                else
                                    delete m.attempt;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return Accept;
            })();

            /**
             * RejectReason enum.
             * @name crawl.link.v1.RejectReason
             * @enum {number}
             * @property {number} REJECT_REASON_UNSPECIFIED=0 REJECT_REASON_UNSPECIFIED value
             * @property {number} REJECT_REASON_BUSY=1 REJECT_REASON_BUSY value
             * @property {number} REJECT_REASON_UNSUPPORTED=2 REJECT_REASON_UNSUPPORTED value
             * @property {number} REJECT_REASON_DRAINING=3 REJECT_REASON_DRAINING value
             * @property {number} REJECT_REASON_SPOOL_FULL=4 REJECT_REASON_SPOOL_FULL value
             * @property {number} REJECT_REASON_INVALID=5 REJECT_REASON_INVALID value
             * @property {number} REJECT_REASON_OWNER_POLICY=6 REJECT_REASON_OWNER_POLICY value
             */
            v1.RejectReason = (function() {
                const valuesById = $Object.create(null), values = $Object.create(valuesById);
                values[valuesById[0] = "REJECT_REASON_UNSPECIFIED"] = 0;
                values[valuesById[1] = "REJECT_REASON_BUSY"] = 1;
                values[valuesById[2] = "REJECT_REASON_UNSUPPORTED"] = 2;
                values[valuesById[3] = "REJECT_REASON_DRAINING"] = 3;
                values[valuesById[4] = "REJECT_REASON_SPOOL_FULL"] = 4;
                values[valuesById[5] = "REJECT_REASON_INVALID"] = 5;
                values[valuesById[6] = "REJECT_REASON_OWNER_POLICY"] = 6;
                return values;
            })();

            v1.Reject = (function() {

                /**
                 * Properties of a Reject.
                 * @typedef {Object} crawl.link.v1.Reject.$Properties
                 * @property {string|null} [jobId] Reject jobId
                 * @property {number|null} [attempt] Reject attempt
                 * @property {crawl.link.v1.RejectReason|null} [reason] Reject reason
                 * @property {string|null} [message] Reject message
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Reject.
                 * @memberof crawl.link.v1
                 * @interface IReject
                 * @augments crawl.link.v1.Reject.$Properties
                 * @deprecated Use crawl.link.v1.Reject.$Properties instead.
                 */

                /**
                 * Shape of a Reject.
                 * @typedef {crawl.link.v1.Reject.$Properties} crawl.link.v1.Reject.$Shape
                 */

                /**
                 * Constructs a new Reject.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a Reject.
                 * @constructor
                 * @param {crawl.link.v1.Reject.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Reject = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * Reject jobId.
                 * @member {string} jobId
                 * @memberof crawl.link.v1.Reject
                 * @instance
                 */
                Reject.prototype.jobId = "";

                /**
                 * Reject attempt.
                 * @member {number} attempt
                 * @memberof crawl.link.v1.Reject
                 * @instance
                 */
                Reject.prototype.attempt = 0;

                /**
                 * Reject reason.
                 * @member {crawl.link.v1.RejectReason} reason
                 * @memberof crawl.link.v1.Reject
                 * @instance
                 */
                Reject.prototype.reason = 0;

                /**
                 * Reject message.
                 * @member {string} message
                 * @memberof crawl.link.v1.Reject
                 * @instance
                 */
                Reject.prototype.message = "";

                /**
                 * Creates a new Reject instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.Reject
                 * @static
                 * @param {crawl.link.v1.Reject.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.Reject} Reject instance
                 * @type {{
                 *   (properties: crawl.link.v1.Reject.$Shape): crawl.link.v1.Reject & crawl.link.v1.Reject.$Shape;
                 *   (properties?: crawl.link.v1.Reject.$Properties): crawl.link.v1.Reject;
                 * }}
                 */
                Reject.create = function(properties) {
                    return new Reject(properties);
                };

                /**
                 * Encodes the specified Reject message. Does not implicitly {@link crawl.link.v1.Reject.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.Reject
                 * @static
                 * @param {crawl.link.v1.Reject.$Properties} m Reject message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Reject.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.jobId != null && $Object.hasOwnProperty.call(m, "jobId") && m.jobId !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.jobId);
                    if (m.attempt != null && $Object.hasOwnProperty.call(m, "attempt") && m.attempt !== 0)
                        w.uint32(/* id 2, wireType 0 =*/16).uint32(m.attempt);
                    if (m.reason != null && $Object.hasOwnProperty.call(m, "reason") && m.reason !== 0)
                        w.uint32(/* id 3, wireType 0 =*/24).int32(m.reason);
                    if (m.message != null && $Object.hasOwnProperty.call(m, "message") && m.message !== "")
                        w.uint32(/* id 4, wireType 2 =*/34).string(m.message);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a Reject message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.Reject
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Reject & crawl.link.v1.Reject.$Shape} Reject
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Reject.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.Reject();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.jobId = v;
                                else
                                    delete m.jobId;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.attempt = v;
                                else
                                    delete m.attempt;
                                continue;
                            }
                        case 3: {
                                if (u !== 0)
                                    break;
                                if (v = r.int32())
                                    m.reason = v;
                                else
                                    delete m.reason;
                                continue;
                            }
                        case 4: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.message = v;
                                else
                                    delete m.message;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return Reject;
            })();

            v1.Cancel = (function() {

                /**
                 * Properties of a Cancel.
                 * @typedef {Object} crawl.link.v1.Cancel.$Properties
                 * @property {string|null} [jobId] Cancel jobId
                 * @property {number|null} [attempt] Cancel attempt
                 * @property {string|null} [reason] Cancel reason
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Cancel.
                 * @memberof crawl.link.v1
                 * @interface ICancel
                 * @augments crawl.link.v1.Cancel.$Properties
                 * @deprecated Use crawl.link.v1.Cancel.$Properties instead.
                 */

                /**
                 * Shape of a Cancel.
                 * @typedef {crawl.link.v1.Cancel.$Properties} crawl.link.v1.Cancel.$Shape
                 */

                /**
                 * Constructs a new Cancel.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a Cancel.
                 * @constructor
                 * @param {crawl.link.v1.Cancel.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Cancel = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * Cancel jobId.
                 * @member {string} jobId
                 * @memberof crawl.link.v1.Cancel
                 * @instance
                 */
                Cancel.prototype.jobId = "";

                /**
                 * Cancel attempt.
                 * @member {number} attempt
                 * @memberof crawl.link.v1.Cancel
                 * @instance
                 */
                Cancel.prototype.attempt = 0;

                /**
                 * Cancel reason.
                 * @member {string} reason
                 * @memberof crawl.link.v1.Cancel
                 * @instance
                 */
                Cancel.prototype.reason = "";

                /**
                 * Creates a new Cancel instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.Cancel
                 * @static
                 * @param {crawl.link.v1.Cancel.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.Cancel} Cancel instance
                 * @type {{
                 *   (properties: crawl.link.v1.Cancel.$Shape): crawl.link.v1.Cancel & crawl.link.v1.Cancel.$Shape;
                 *   (properties?: crawl.link.v1.Cancel.$Properties): crawl.link.v1.Cancel;
                 * }}
                 */
                Cancel.create = function(properties) {
                    return new Cancel(properties);
                };

                /**
                 * Encodes the specified Cancel message. Does not implicitly {@link crawl.link.v1.Cancel.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.Cancel
                 * @static
                 * @param {crawl.link.v1.Cancel.$Properties} m Cancel message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Cancel.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.jobId != null && $Object.hasOwnProperty.call(m, "jobId") && m.jobId !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.jobId);
                    if (m.attempt != null && $Object.hasOwnProperty.call(m, "attempt") && m.attempt !== 0)
                        w.uint32(/* id 2, wireType 0 =*/16).uint32(m.attempt);
                    if (m.reason != null && $Object.hasOwnProperty.call(m, "reason") && m.reason !== "")
                        w.uint32(/* id 3, wireType 2 =*/26).string(m.reason);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a Cancel message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.Cancel
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Cancel & crawl.link.v1.Cancel.$Shape} Cancel
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Cancel.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.Cancel();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.jobId = v;
                                else
                                    delete m.jobId;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.attempt = v;
                                else
                                    delete m.attempt;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.reason = v;
                                else
                                    delete m.reason;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return Cancel;
            })();

            /**
             * ContentPart enum.
             * @name crawl.link.v1.ContentPart
             * @enum {number}
             * @property {number} CONTENT_PART_UNSPECIFIED=0 CONTENT_PART_UNSPECIFIED value
             * @property {number} CONTENT_PART_BODY=1 CONTENT_PART_BODY value
             * @property {number} CONTENT_PART_FULL_PAGE=2 CONTENT_PART_FULL_PAGE value
             * @property {number} CONTENT_PART_SCREENSHOT=3 CONTENT_PART_SCREENSHOT value
             * @property {number} CONTENT_PART_READER=4 CONTENT_PART_READER value
             * @property {number} CONTENT_PART_HAR=30 CONTENT_PART_HAR value
             * @property {number} CONTENT_PART_PDF=31 CONTENT_PART_PDF value
             * @property {number} CONTENT_PART_LIGHTHOUSE=32 CONTENT_PART_LIGHTHOUSE value
             * @property {number} CONTENT_PART_EXTRACT=33 CONTENT_PART_EXTRACT value
             * @property {number} CONTENT_PART_ACTION_SCREENSHOTS=34 CONTENT_PART_ACTION_SCREENSHOTS value
             */
            v1.ContentPart = (function() {
                const valuesById = $Object.create(null), values = $Object.create(valuesById);
                values[valuesById[0] = "CONTENT_PART_UNSPECIFIED"] = 0;
                values[valuesById[1] = "CONTENT_PART_BODY"] = 1;
                values[valuesById[2] = "CONTENT_PART_FULL_PAGE"] = 2;
                values[valuesById[3] = "CONTENT_PART_SCREENSHOT"] = 3;
                values[valuesById[4] = "CONTENT_PART_READER"] = 4;
                values[valuesById[30] = "CONTENT_PART_HAR"] = 30;
                values[valuesById[31] = "CONTENT_PART_PDF"] = 31;
                values[valuesById[32] = "CONTENT_PART_LIGHTHOUSE"] = 32;
                values[valuesById[33] = "CONTENT_PART_EXTRACT"] = 33;
                values[valuesById[34] = "CONTENT_PART_ACTION_SCREENSHOTS"] = 34;
                return values;
            })();

            v1.ResultChunk = (function() {

                /**
                 * Properties of a ResultChunk.
                 * @typedef {Object} crawl.link.v1.ResultChunk.$Properties
                 * @property {string|null} [jobId] ResultChunk jobId
                 * @property {number|null} [attempt] ResultChunk attempt
                 * @property {crawl.link.v1.ContentPart|null} [part] ResultChunk part
                 * @property {number|null} [index] ResultChunk index
                 * @property {Uint8Array|null} [data] ResultChunk data
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a ResultChunk.
                 * @memberof crawl.link.v1
                 * @interface IResultChunk
                 * @augments crawl.link.v1.ResultChunk.$Properties
                 * @deprecated Use crawl.link.v1.ResultChunk.$Properties instead.
                 */

                /**
                 * Shape of a ResultChunk.
                 * @typedef {crawl.link.v1.ResultChunk.$Properties} crawl.link.v1.ResultChunk.$Shape
                 */

                /**
                 * Constructs a new ResultChunk.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a ResultChunk.
                 * @constructor
                 * @param {crawl.link.v1.ResultChunk.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const ResultChunk = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * ResultChunk jobId.
                 * @member {string} jobId
                 * @memberof crawl.link.v1.ResultChunk
                 * @instance
                 */
                ResultChunk.prototype.jobId = "";

                /**
                 * ResultChunk attempt.
                 * @member {number} attempt
                 * @memberof crawl.link.v1.ResultChunk
                 * @instance
                 */
                ResultChunk.prototype.attempt = 0;

                /**
                 * ResultChunk part.
                 * @member {crawl.link.v1.ContentPart} part
                 * @memberof crawl.link.v1.ResultChunk
                 * @instance
                 */
                ResultChunk.prototype.part = 0;

                /**
                 * ResultChunk index.
                 * @member {number} index
                 * @memberof crawl.link.v1.ResultChunk
                 * @instance
                 */
                ResultChunk.prototype.index = 0;

                /**
                 * ResultChunk data.
                 * @member {Uint8Array} data
                 * @memberof crawl.link.v1.ResultChunk
                 * @instance
                 */
                ResultChunk.prototype.data = $util.newBuffer([]);

                /**
                 * Creates a new ResultChunk instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.ResultChunk
                 * @static
                 * @param {crawl.link.v1.ResultChunk.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.ResultChunk} ResultChunk instance
                 * @type {{
                 *   (properties: crawl.link.v1.ResultChunk.$Shape): crawl.link.v1.ResultChunk & crawl.link.v1.ResultChunk.$Shape;
                 *   (properties?: crawl.link.v1.ResultChunk.$Properties): crawl.link.v1.ResultChunk;
                 * }}
                 */
                ResultChunk.create = function(properties) {
                    return new ResultChunk(properties);
                };

                /**
                 * Encodes the specified ResultChunk message. Does not implicitly {@link crawl.link.v1.ResultChunk.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.ResultChunk
                 * @static
                 * @param {crawl.link.v1.ResultChunk.$Properties} m ResultChunk message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                ResultChunk.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.jobId != null && $Object.hasOwnProperty.call(m, "jobId") && m.jobId !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.jobId);
                    if (m.attempt != null && $Object.hasOwnProperty.call(m, "attempt") && m.attempt !== 0)
                        w.uint32(/* id 2, wireType 0 =*/16).uint32(m.attempt);
                    if (m.part != null && $Object.hasOwnProperty.call(m, "part") && m.part !== 0)
                        w.uint32(/* id 3, wireType 0 =*/24).int32(m.part);
                    if (m.index != null && $Object.hasOwnProperty.call(m, "index") && m.index !== 0)
                        w.uint32(/* id 4, wireType 0 =*/32).uint32(m.index);
                    if (m.data != null && $Object.hasOwnProperty.call(m, "data") && m.data.length)
                        w.uint32(/* id 5, wireType 2 =*/42).bytes(m.data);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a ResultChunk message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.ResultChunk
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.ResultChunk & crawl.link.v1.ResultChunk.$Shape} ResultChunk
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                ResultChunk.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.ResultChunk();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.jobId = v;
                                else
                                    delete m.jobId;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.attempt = v;
                                else
                                    delete m.attempt;
                                continue;
                            }
                        case 3: {
                                if (u !== 0)
                                    break;
                                if (v = r.int32())
                                    m.part = v;
                                else
                                    delete m.part;
                                continue;
                            }
                        case 4: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.index = v;
                                else
                                    delete m.index;
                                continue;
                            }
                        case 5: {
                                if (u !== 2)
                                    break;
                                if ((v = r.bytes()).length)
                                    m.data = v;
                                else
                                    delete m.data;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return ResultChunk;
            })();

            v1.PartSummary = (function() {

                /**
                 * Properties of a PartSummary.
                 * @typedef {Object} crawl.link.v1.PartSummary.$Properties
                 * @property {crawl.link.v1.ContentPart|null} [part] PartSummary part
                 * @property {number|null} [chunks] PartSummary chunks
                 * @property {number|null} [bytes] PartSummary bytes
                 * @property {Uint8Array|null} [inlineData] PartSummary inlineData
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a PartSummary.
                 * @memberof crawl.link.v1
                 * @interface IPartSummary
                 * @augments crawl.link.v1.PartSummary.$Properties
                 * @deprecated Use crawl.link.v1.PartSummary.$Properties instead.
                 */

                /**
                 * Shape of a PartSummary.
                 * @typedef {crawl.link.v1.PartSummary.$Properties} crawl.link.v1.PartSummary.$Shape
                 */

                /**
                 * Constructs a new PartSummary.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a PartSummary.
                 * @constructor
                 * @param {crawl.link.v1.PartSummary.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const PartSummary = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * PartSummary part.
                 * @member {crawl.link.v1.ContentPart} part
                 * @memberof crawl.link.v1.PartSummary
                 * @instance
                 */
                PartSummary.prototype.part = 0;

                /**
                 * PartSummary chunks.
                 * @member {number} chunks
                 * @memberof crawl.link.v1.PartSummary
                 * @instance
                 */
                PartSummary.prototype.chunks = 0;

                /**
                 * PartSummary bytes.
                 * @member {number} bytes
                 * @memberof crawl.link.v1.PartSummary
                 * @instance
                 */
                PartSummary.prototype.bytes = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * PartSummary inlineData.
                 * @member {Uint8Array} inlineData
                 * @memberof crawl.link.v1.PartSummary
                 * @instance
                 */
                PartSummary.prototype.inlineData = $util.newBuffer([]);

                /**
                 * Creates a new PartSummary instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.PartSummary
                 * @static
                 * @param {crawl.link.v1.PartSummary.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.PartSummary} PartSummary instance
                 * @type {{
                 *   (properties: crawl.link.v1.PartSummary.$Shape): crawl.link.v1.PartSummary & crawl.link.v1.PartSummary.$Shape;
                 *   (properties?: crawl.link.v1.PartSummary.$Properties): crawl.link.v1.PartSummary;
                 * }}
                 */
                PartSummary.create = function(properties) {
                    return new PartSummary(properties);
                };

                /**
                 * Encodes the specified PartSummary message. Does not implicitly {@link crawl.link.v1.PartSummary.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.PartSummary
                 * @static
                 * @param {crawl.link.v1.PartSummary.$Properties} m PartSummary message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                PartSummary.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.part != null && $Object.hasOwnProperty.call(m, "part") && m.part !== 0)
                        w.uint32(/* id 1, wireType 0 =*/8).int32(m.part);
                    if (m.chunks != null && $Object.hasOwnProperty.call(m, "chunks") && m.chunks !== 0)
                        w.uint32(/* id 2, wireType 0 =*/16).uint32(m.chunks);
                    if (m.bytes != null && $Object.hasOwnProperty.call(m, "bytes") && (typeof m.bytes === "object" ? m.bytes.low || m.bytes.high : m.bytes !== 0))
                        w.uint32(/* id 3, wireType 0 =*/24).uint64(m.bytes);
                    if (m.inlineData != null && $Object.hasOwnProperty.call(m, "inlineData") && m.inlineData.length)
                        w.uint32(/* id 4, wireType 2 =*/34).bytes(m.inlineData);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a PartSummary message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.PartSummary
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.PartSummary & crawl.link.v1.PartSummary.$Shape} PartSummary
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                PartSummary.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.PartSummary();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 0)
                                    break;
                                if (v = r.int32())
                                    m.part = v;
                                else
                                    delete m.part;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.chunks = v;
                                else
                                    delete m.chunks;
                                continue;
                            }
                        case 3: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                    m.bytes = v;
                                else
                                    delete m.bytes;
                                continue;
                            }
                        case 4: {
                                if (u !== 2)
                                    break;
                                if ((v = r.bytes()).length)
                                    m.inlineData = v;
                                else
                                    delete m.inlineData;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return PartSummary;
            })();

            v1.NetworkContext = (function() {

                /**
                 * Properties of a NetworkContext.
                 * @typedef {Object} crawl.link.v1.NetworkContext.$Properties
                 * @property {Array.<string>|null} [resolvers] NetworkContext resolvers
                 * @property {Array.<string>|null} [resolvedAddresses] NetworkContext resolvedAddresses
                 * @property {string|null} [connectedAddress] NetworkContext connectedAddress
                 * @property {string|null} [localAddress] NetworkContext localAddress
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a NetworkContext.
                 * @memberof crawl.link.v1
                 * @interface INetworkContext
                 * @augments crawl.link.v1.NetworkContext.$Properties
                 * @deprecated Use crawl.link.v1.NetworkContext.$Properties instead.
                 */

                /**
                 * Shape of a NetworkContext.
                 * @typedef {crawl.link.v1.NetworkContext.$Properties} crawl.link.v1.NetworkContext.$Shape
                 */

                /**
                 * Constructs a new NetworkContext.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a NetworkContext.
                 * @constructor
                 * @param {crawl.link.v1.NetworkContext.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const NetworkContext = function (p) {
                    this.resolvers = [];
                    this.resolvedAddresses = [];
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * NetworkContext resolvers.
                 * @member {Array.<string>} resolvers
                 * @memberof crawl.link.v1.NetworkContext
                 * @instance
                 */
                NetworkContext.prototype.resolvers = $util.emptyArray;

                /**
                 * NetworkContext resolvedAddresses.
                 * @member {Array.<string>} resolvedAddresses
                 * @memberof crawl.link.v1.NetworkContext
                 * @instance
                 */
                NetworkContext.prototype.resolvedAddresses = $util.emptyArray;

                /**
                 * NetworkContext connectedAddress.
                 * @member {string} connectedAddress
                 * @memberof crawl.link.v1.NetworkContext
                 * @instance
                 */
                NetworkContext.prototype.connectedAddress = "";

                /**
                 * NetworkContext localAddress.
                 * @member {string} localAddress
                 * @memberof crawl.link.v1.NetworkContext
                 * @instance
                 */
                NetworkContext.prototype.localAddress = "";

                /**
                 * Creates a new NetworkContext instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.NetworkContext
                 * @static
                 * @param {crawl.link.v1.NetworkContext.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.NetworkContext} NetworkContext instance
                 * @type {{
                 *   (properties: crawl.link.v1.NetworkContext.$Shape): crawl.link.v1.NetworkContext & crawl.link.v1.NetworkContext.$Shape;
                 *   (properties?: crawl.link.v1.NetworkContext.$Properties): crawl.link.v1.NetworkContext;
                 * }}
                 */
                NetworkContext.create = function(properties) {
                    return new NetworkContext(properties);
                };

                /**
                 * Encodes the specified NetworkContext message. Does not implicitly {@link crawl.link.v1.NetworkContext.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.NetworkContext
                 * @static
                 * @param {crawl.link.v1.NetworkContext.$Properties} m NetworkContext message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                NetworkContext.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.resolvers != null && m.resolvers.length) {
                        for (var i = 0; i < m.resolvers.length; ++i)
                            w.uint32(/* id 1, wireType 2 =*/10).string(m.resolvers[i]);
                    }
                    if (m.resolvedAddresses != null && m.resolvedAddresses.length) {
                        for (var i = 0; i < m.resolvedAddresses.length; ++i)
                            w.uint32(/* id 2, wireType 2 =*/18).string(m.resolvedAddresses[i]);
                    }
                    if (m.connectedAddress != null && $Object.hasOwnProperty.call(m, "connectedAddress") && m.connectedAddress !== "")
                        w.uint32(/* id 3, wireType 2 =*/26).string(m.connectedAddress);
                    if (m.localAddress != null && $Object.hasOwnProperty.call(m, "localAddress") && m.localAddress !== "")
                        w.uint32(/* id 4, wireType 2 =*/34).string(m.localAddress);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a NetworkContext message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.NetworkContext
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.NetworkContext & crawl.link.v1.NetworkContext.$Shape} NetworkContext
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                NetworkContext.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.NetworkContext();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if (!(m.resolvers && m.resolvers.length))
                                    m.resolvers = [];
                                m.resolvers.push(r.stringVerify());
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if (!(m.resolvedAddresses && m.resolvedAddresses.length))
                                    m.resolvedAddresses = [];
                                m.resolvedAddresses.push(r.stringVerify());
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.connectedAddress = v;
                                else
                                    delete m.connectedAddress;
                                continue;
                            }
                        case 4: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.localAddress = v;
                                else
                                    delete m.localAddress;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return NetworkContext;
            })();

            v1.CookieRecord = (function() {

                /**
                 * Properties of a CookieRecord.
                 * @typedef {Object} crawl.link.v1.CookieRecord.$Properties
                 * @property {string|null} [name] CookieRecord name
                 * @property {string|null} [value] CookieRecord value
                 * @property {string|null} [domain] CookieRecord domain
                 * @property {string|null} [path] CookieRecord path
                 * @property {string|null} [expires] CookieRecord expires
                 * @property {number|null} [maxAge] CookieRecord maxAge
                 * @property {boolean|null} [secure] CookieRecord secure
                 * @property {boolean|null} [httpOnly] CookieRecord httpOnly
                 * @property {string|null} [sameSite] CookieRecord sameSite
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a CookieRecord.
                 * @memberof crawl.link.v1
                 * @interface ICookieRecord
                 * @augments crawl.link.v1.CookieRecord.$Properties
                 * @deprecated Use crawl.link.v1.CookieRecord.$Properties instead.
                 */

                /**
                 * Shape of a CookieRecord.
                 * @typedef {crawl.link.v1.CookieRecord.$Properties} crawl.link.v1.CookieRecord.$Shape
                 */

                /**
                 * Constructs a new CookieRecord.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a CookieRecord.
                 * @constructor
                 * @param {crawl.link.v1.CookieRecord.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const CookieRecord = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * CookieRecord name.
                 * @member {string} name
                 * @memberof crawl.link.v1.CookieRecord
                 * @instance
                 */
                CookieRecord.prototype.name = "";

                /**
                 * CookieRecord value.
                 * @member {string} value
                 * @memberof crawl.link.v1.CookieRecord
                 * @instance
                 */
                CookieRecord.prototype.value = "";

                /**
                 * CookieRecord domain.
                 * @member {string} domain
                 * @memberof crawl.link.v1.CookieRecord
                 * @instance
                 */
                CookieRecord.prototype.domain = "";

                /**
                 * CookieRecord path.
                 * @member {string} path
                 * @memberof crawl.link.v1.CookieRecord
                 * @instance
                 */
                CookieRecord.prototype.path = "";

                /**
                 * CookieRecord expires.
                 * @member {string} expires
                 * @memberof crawl.link.v1.CookieRecord
                 * @instance
                 */
                CookieRecord.prototype.expires = "";

                /**
                 * CookieRecord maxAge.
                 * @member {number} maxAge
                 * @memberof crawl.link.v1.CookieRecord
                 * @instance
                 */
                CookieRecord.prototype.maxAge = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

                /**
                 * CookieRecord secure.
                 * @member {boolean} secure
                 * @memberof crawl.link.v1.CookieRecord
                 * @instance
                 */
                CookieRecord.prototype.secure = false;

                /**
                 * CookieRecord httpOnly.
                 * @member {boolean} httpOnly
                 * @memberof crawl.link.v1.CookieRecord
                 * @instance
                 */
                CookieRecord.prototype.httpOnly = false;

                /**
                 * CookieRecord sameSite.
                 * @member {string} sameSite
                 * @memberof crawl.link.v1.CookieRecord
                 * @instance
                 */
                CookieRecord.prototype.sameSite = "";

                /**
                 * Creates a new CookieRecord instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.CookieRecord
                 * @static
                 * @param {crawl.link.v1.CookieRecord.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.CookieRecord} CookieRecord instance
                 * @type {{
                 *   (properties: crawl.link.v1.CookieRecord.$Shape): crawl.link.v1.CookieRecord & crawl.link.v1.CookieRecord.$Shape;
                 *   (properties?: crawl.link.v1.CookieRecord.$Properties): crawl.link.v1.CookieRecord;
                 * }}
                 */
                CookieRecord.create = function(properties) {
                    return new CookieRecord(properties);
                };

                /**
                 * Encodes the specified CookieRecord message. Does not implicitly {@link crawl.link.v1.CookieRecord.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.CookieRecord
                 * @static
                 * @param {crawl.link.v1.CookieRecord.$Properties} m CookieRecord message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                CookieRecord.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.name != null && $Object.hasOwnProperty.call(m, "name") && m.name !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.name);
                    if (m.value != null && $Object.hasOwnProperty.call(m, "value") && m.value !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.value);
                    if (m.domain != null && $Object.hasOwnProperty.call(m, "domain") && m.domain !== "")
                        w.uint32(/* id 3, wireType 2 =*/26).string(m.domain);
                    if (m.path != null && $Object.hasOwnProperty.call(m, "path") && m.path !== "")
                        w.uint32(/* id 4, wireType 2 =*/34).string(m.path);
                    if (m.expires != null && $Object.hasOwnProperty.call(m, "expires") && m.expires !== "")
                        w.uint32(/* id 5, wireType 2 =*/42).string(m.expires);
                    if (m.maxAge != null && $Object.hasOwnProperty.call(m, "maxAge") && (typeof m.maxAge === "object" ? m.maxAge.low || m.maxAge.high : m.maxAge !== 0))
                        w.uint32(/* id 6, wireType 0 =*/48).int64(m.maxAge);
                    if (m.secure != null && $Object.hasOwnProperty.call(m, "secure") && m.secure !== false)
                        w.uint32(/* id 7, wireType 0 =*/56).bool(m.secure);
                    if (m.httpOnly != null && $Object.hasOwnProperty.call(m, "httpOnly") && m.httpOnly !== false)
                        w.uint32(/* id 8, wireType 0 =*/64).bool(m.httpOnly);
                    if (m.sameSite != null && $Object.hasOwnProperty.call(m, "sameSite") && m.sameSite !== "")
                        w.uint32(/* id 9, wireType 2 =*/74).string(m.sameSite);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a CookieRecord message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.CookieRecord
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.CookieRecord & crawl.link.v1.CookieRecord.$Shape} CookieRecord
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                CookieRecord.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.CookieRecord();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.name = v;
                                else
                                    delete m.name;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.value = v;
                                else
                                    delete m.value;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.domain = v;
                                else
                                    delete m.domain;
                                continue;
                            }
                        case 4: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.path = v;
                                else
                                    delete m.path;
                                continue;
                            }
                        case 5: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.expires = v;
                                else
                                    delete m.expires;
                                continue;
                            }
                        case 6: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.int64()) === "object" ? v.low || v.high : v !== 0)
                                    m.maxAge = v;
                                else
                                    delete m.maxAge;
                                continue;
                            }
                        case 7: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.secure = v;
                                else
                                    delete m.secure;
                                continue;
                            }
                        case 8: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.httpOnly = v;
                                else
                                    delete m.httpOnly;
                                continue;
                            }
                        case 9: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.sameSite = v;
                                else
                                    delete m.sameSite;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return CookieRecord;
            })();

            v1.RequestOutcome = (function() {

                /**
                 * Properties of a RequestOutcome.
                 * @typedef {Object} crawl.link.v1.RequestOutcome.$Properties
                 * @property {string|null} [url] RequestOutcome url
                 * @property {number|null} [sizeBytes] RequestOutcome sizeBytes
                 * @property {number|null} [statusCode] RequestOutcome statusCode
                 * @property {boolean|null} [success] RequestOutcome success
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a RequestOutcome.
                 * @memberof crawl.link.v1
                 * @interface IRequestOutcome
                 * @augments crawl.link.v1.RequestOutcome.$Properties
                 * @deprecated Use crawl.link.v1.RequestOutcome.$Properties instead.
                 */

                /**
                 * Shape of a RequestOutcome.
                 * @typedef {crawl.link.v1.RequestOutcome.$Properties} crawl.link.v1.RequestOutcome.$Shape
                 */

                /**
                 * Constructs a new RequestOutcome.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a RequestOutcome.
                 * @constructor
                 * @param {crawl.link.v1.RequestOutcome.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const RequestOutcome = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * RequestOutcome url.
                 * @member {string} url
                 * @memberof crawl.link.v1.RequestOutcome
                 * @instance
                 */
                RequestOutcome.prototype.url = "";

                /**
                 * RequestOutcome sizeBytes.
                 * @member {number} sizeBytes
                 * @memberof crawl.link.v1.RequestOutcome
                 * @instance
                 */
                RequestOutcome.prototype.sizeBytes = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * RequestOutcome statusCode.
                 * @member {number} statusCode
                 * @memberof crawl.link.v1.RequestOutcome
                 * @instance
                 */
                RequestOutcome.prototype.statusCode = 0;

                /**
                 * RequestOutcome success.
                 * @member {boolean} success
                 * @memberof crawl.link.v1.RequestOutcome
                 * @instance
                 */
                RequestOutcome.prototype.success = false;

                /**
                 * Creates a new RequestOutcome instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.RequestOutcome
                 * @static
                 * @param {crawl.link.v1.RequestOutcome.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.RequestOutcome} RequestOutcome instance
                 * @type {{
                 *   (properties: crawl.link.v1.RequestOutcome.$Shape): crawl.link.v1.RequestOutcome & crawl.link.v1.RequestOutcome.$Shape;
                 *   (properties?: crawl.link.v1.RequestOutcome.$Properties): crawl.link.v1.RequestOutcome;
                 * }}
                 */
                RequestOutcome.create = function(properties) {
                    return new RequestOutcome(properties);
                };

                /**
                 * Encodes the specified RequestOutcome message. Does not implicitly {@link crawl.link.v1.RequestOutcome.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.RequestOutcome
                 * @static
                 * @param {crawl.link.v1.RequestOutcome.$Properties} m RequestOutcome message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                RequestOutcome.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.url != null && $Object.hasOwnProperty.call(m, "url") && m.url !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.url);
                    if (m.sizeBytes != null && $Object.hasOwnProperty.call(m, "sizeBytes") && (typeof m.sizeBytes === "object" ? m.sizeBytes.low || m.sizeBytes.high : m.sizeBytes !== 0))
                        w.uint32(/* id 2, wireType 0 =*/16).uint64(m.sizeBytes);
                    if (m.statusCode != null && $Object.hasOwnProperty.call(m, "statusCode") && m.statusCode !== 0)
                        w.uint32(/* id 3, wireType 0 =*/24).uint32(m.statusCode);
                    if (m.success != null && $Object.hasOwnProperty.call(m, "success") && m.success !== false)
                        w.uint32(/* id 4, wireType 0 =*/32).bool(m.success);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a RequestOutcome message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.RequestOutcome
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.RequestOutcome & crawl.link.v1.RequestOutcome.$Shape} RequestOutcome
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                RequestOutcome.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.RequestOutcome();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.url = v;
                                else
                                    delete m.url;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                    m.sizeBytes = v;
                                else
                                    delete m.sizeBytes;
                                continue;
                            }
                        case 3: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.statusCode = v;
                                else
                                    delete m.statusCode;
                                continue;
                            }
                        case 4: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.success = v;
                                else
                                    delete m.success;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return RequestOutcome;
            })();

            v1.PerformanceMetrics = (function() {

                /**
                 * Properties of a PerformanceMetrics.
                 * @typedef {Object} crawl.link.v1.PerformanceMetrics.$Properties
                 * @property {boolean|null} [crashOrTimeoutFlag] PerformanceMetrics crashOrTimeoutFlag
                 * @property {string|null} [effectiveConnectionType] PerformanceMetrics effectiveConnectionType
                 * @property {string|null} [networkType] PerformanceMetrics networkType
                 * @property {string|null} [protocol] PerformanceMetrics protocol
                 * @property {number|null} [cumulativeLayoutShift] PerformanceMetrics cumulativeLayoutShift
                 * @property {number|null} [decodedBodySize] PerformanceMetrics decodedBodySize
                 * @property {number|null} [devicePixelRatio] PerformanceMetrics devicePixelRatio
                 * @property {number|null} [dnsTimeMs] PerformanceMetrics dnsTimeMs
                 * @property {number|null} [domContentLoaded] PerformanceMetrics domContentLoaded
                 * @property {number|null} [encodedBodySize] PerformanceMetrics encodedBodySize
                 * @property {number|null} [firstContentfulPaint] PerformanceMetrics firstContentfulPaint
                 * @property {number|null} [firstPaint] PerformanceMetrics firstPaint
                 * @property {number|null} [largestContentfulPaint] PerformanceMetrics largestContentfulPaint
                 * @property {number|null} [longTaskCount] PerformanceMetrics longTaskCount
                 * @property {number|null} [maxLongTask] PerformanceMetrics maxLongTask
                 * @property {number|null} [tcpTimeMs] PerformanceMetrics tcpTimeMs
                 * @property {number|null} [timeToFirstByte] PerformanceMetrics timeToFirstByte
                 * @property {number|null} [tlsTimeMs] PerformanceMetrics tlsTimeMs
                 * @property {number|null} [totalBlockingTime] PerformanceMetrics totalBlockingTime
                 * @property {number|null} [totalLoadTime] PerformanceMetrics totalLoadTime
                 * @property {number|null} [transferSize] PerformanceMetrics transferSize
                 * @property {number|null} [viewportHeight] PerformanceMetrics viewportHeight
                 * @property {number|null} [viewportWidth] PerformanceMetrics viewportWidth
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a PerformanceMetrics.
                 * @memberof crawl.link.v1
                 * @interface IPerformanceMetrics
                 * @augments crawl.link.v1.PerformanceMetrics.$Properties
                 * @deprecated Use crawl.link.v1.PerformanceMetrics.$Properties instead.
                 */

                /**
                 * Shape of a PerformanceMetrics.
                 * @typedef {crawl.link.v1.PerformanceMetrics.$Properties} crawl.link.v1.PerformanceMetrics.$Shape
                 */

                /**
                 * Constructs a new PerformanceMetrics.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a PerformanceMetrics.
                 * @constructor
                 * @param {crawl.link.v1.PerformanceMetrics.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const PerformanceMetrics = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * PerformanceMetrics crashOrTimeoutFlag.
                 * @member {boolean} crashOrTimeoutFlag
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.crashOrTimeoutFlag = false;

                /**
                 * PerformanceMetrics effectiveConnectionType.
                 * @member {string} effectiveConnectionType
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.effectiveConnectionType = "";

                /**
                 * PerformanceMetrics networkType.
                 * @member {string} networkType
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.networkType = "";

                /**
                 * PerformanceMetrics protocol.
                 * @member {string} protocol
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.protocol = "";

                /**
                 * PerformanceMetrics cumulativeLayoutShift.
                 * @member {number} cumulativeLayoutShift
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.cumulativeLayoutShift = 0;

                /**
                 * PerformanceMetrics decodedBodySize.
                 * @member {number} decodedBodySize
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.decodedBodySize = 0;

                /**
                 * PerformanceMetrics devicePixelRatio.
                 * @member {number} devicePixelRatio
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.devicePixelRatio = 0;

                /**
                 * PerformanceMetrics dnsTimeMs.
                 * @member {number} dnsTimeMs
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.dnsTimeMs = 0;

                /**
                 * PerformanceMetrics domContentLoaded.
                 * @member {number} domContentLoaded
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.domContentLoaded = 0;

                /**
                 * PerformanceMetrics encodedBodySize.
                 * @member {number} encodedBodySize
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.encodedBodySize = 0;

                /**
                 * PerformanceMetrics firstContentfulPaint.
                 * @member {number} firstContentfulPaint
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.firstContentfulPaint = 0;

                /**
                 * PerformanceMetrics firstPaint.
                 * @member {number} firstPaint
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.firstPaint = 0;

                /**
                 * PerformanceMetrics largestContentfulPaint.
                 * @member {number} largestContentfulPaint
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.largestContentfulPaint = 0;

                /**
                 * PerformanceMetrics longTaskCount.
                 * @member {number} longTaskCount
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.longTaskCount = 0;

                /**
                 * PerformanceMetrics maxLongTask.
                 * @member {number} maxLongTask
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.maxLongTask = 0;

                /**
                 * PerformanceMetrics tcpTimeMs.
                 * @member {number} tcpTimeMs
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.tcpTimeMs = 0;

                /**
                 * PerformanceMetrics timeToFirstByte.
                 * @member {number} timeToFirstByte
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.timeToFirstByte = 0;

                /**
                 * PerformanceMetrics tlsTimeMs.
                 * @member {number} tlsTimeMs
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.tlsTimeMs = 0;

                /**
                 * PerformanceMetrics totalBlockingTime.
                 * @member {number} totalBlockingTime
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.totalBlockingTime = 0;

                /**
                 * PerformanceMetrics totalLoadTime.
                 * @member {number} totalLoadTime
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.totalLoadTime = 0;

                /**
                 * PerformanceMetrics transferSize.
                 * @member {number} transferSize
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.transferSize = 0;

                /**
                 * PerformanceMetrics viewportHeight.
                 * @member {number} viewportHeight
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.viewportHeight = 0;

                /**
                 * PerformanceMetrics viewportWidth.
                 * @member {number} viewportWidth
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @instance
                 */
                PerformanceMetrics.prototype.viewportWidth = 0;

                /**
                 * Creates a new PerformanceMetrics instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @static
                 * @param {crawl.link.v1.PerformanceMetrics.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.PerformanceMetrics} PerformanceMetrics instance
                 * @type {{
                 *   (properties: crawl.link.v1.PerformanceMetrics.$Shape): crawl.link.v1.PerformanceMetrics & crawl.link.v1.PerformanceMetrics.$Shape;
                 *   (properties?: crawl.link.v1.PerformanceMetrics.$Properties): crawl.link.v1.PerformanceMetrics;
                 * }}
                 */
                PerformanceMetrics.create = function(properties) {
                    return new PerformanceMetrics(properties);
                };

                /**
                 * Encodes the specified PerformanceMetrics message. Does not implicitly {@link crawl.link.v1.PerformanceMetrics.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @static
                 * @param {crawl.link.v1.PerformanceMetrics.$Properties} m PerformanceMetrics message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                PerformanceMetrics.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.crashOrTimeoutFlag != null && $Object.hasOwnProperty.call(m, "crashOrTimeoutFlag") && m.crashOrTimeoutFlag !== false)
                        w.uint32(/* id 1, wireType 0 =*/8).bool(m.crashOrTimeoutFlag);
                    if (m.effectiveConnectionType != null && $Object.hasOwnProperty.call(m, "effectiveConnectionType") && m.effectiveConnectionType !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.effectiveConnectionType);
                    if (m.networkType != null && $Object.hasOwnProperty.call(m, "networkType") && m.networkType !== "")
                        w.uint32(/* id 3, wireType 2 =*/26).string(m.networkType);
                    if (m.protocol != null && $Object.hasOwnProperty.call(m, "protocol") && m.protocol !== "")
                        w.uint32(/* id 4, wireType 2 =*/34).string(m.protocol);
                    if (m.cumulativeLayoutShift != null && $Object.hasOwnProperty.call(m, "cumulativeLayoutShift") && !$Object.is(m.cumulativeLayoutShift, 0))
                        w.uint32(/* id 5, wireType 1 =*/41).double(m.cumulativeLayoutShift);
                    if (m.decodedBodySize != null && $Object.hasOwnProperty.call(m, "decodedBodySize") && !$Object.is(m.decodedBodySize, 0))
                        w.uint32(/* id 6, wireType 1 =*/49).double(m.decodedBodySize);
                    if (m.devicePixelRatio != null && $Object.hasOwnProperty.call(m, "devicePixelRatio") && !$Object.is(m.devicePixelRatio, 0))
                        w.uint32(/* id 7, wireType 1 =*/57).double(m.devicePixelRatio);
                    if (m.dnsTimeMs != null && $Object.hasOwnProperty.call(m, "dnsTimeMs") && !$Object.is(m.dnsTimeMs, 0))
                        w.uint32(/* id 8, wireType 1 =*/65).double(m.dnsTimeMs);
                    if (m.domContentLoaded != null && $Object.hasOwnProperty.call(m, "domContentLoaded") && !$Object.is(m.domContentLoaded, 0))
                        w.uint32(/* id 9, wireType 1 =*/73).double(m.domContentLoaded);
                    if (m.encodedBodySize != null && $Object.hasOwnProperty.call(m, "encodedBodySize") && !$Object.is(m.encodedBodySize, 0))
                        w.uint32(/* id 10, wireType 1 =*/81).double(m.encodedBodySize);
                    if (m.firstContentfulPaint != null && $Object.hasOwnProperty.call(m, "firstContentfulPaint") && !$Object.is(m.firstContentfulPaint, 0))
                        w.uint32(/* id 11, wireType 1 =*/89).double(m.firstContentfulPaint);
                    if (m.firstPaint != null && $Object.hasOwnProperty.call(m, "firstPaint") && !$Object.is(m.firstPaint, 0))
                        w.uint32(/* id 12, wireType 1 =*/97).double(m.firstPaint);
                    if (m.largestContentfulPaint != null && $Object.hasOwnProperty.call(m, "largestContentfulPaint") && !$Object.is(m.largestContentfulPaint, 0))
                        w.uint32(/* id 13, wireType 1 =*/105).double(m.largestContentfulPaint);
                    if (m.longTaskCount != null && $Object.hasOwnProperty.call(m, "longTaskCount") && !$Object.is(m.longTaskCount, 0))
                        w.uint32(/* id 14, wireType 1 =*/113).double(m.longTaskCount);
                    if (m.maxLongTask != null && $Object.hasOwnProperty.call(m, "maxLongTask") && !$Object.is(m.maxLongTask, 0))
                        w.uint32(/* id 15, wireType 1 =*/121).double(m.maxLongTask);
                    if (m.tcpTimeMs != null && $Object.hasOwnProperty.call(m, "tcpTimeMs") && !$Object.is(m.tcpTimeMs, 0))
                        w.uint32(/* id 16, wireType 1 =*/129).double(m.tcpTimeMs);
                    if (m.timeToFirstByte != null && $Object.hasOwnProperty.call(m, "timeToFirstByte") && !$Object.is(m.timeToFirstByte, 0))
                        w.uint32(/* id 17, wireType 1 =*/137).double(m.timeToFirstByte);
                    if (m.tlsTimeMs != null && $Object.hasOwnProperty.call(m, "tlsTimeMs") && !$Object.is(m.tlsTimeMs, 0))
                        w.uint32(/* id 18, wireType 1 =*/145).double(m.tlsTimeMs);
                    if (m.totalBlockingTime != null && $Object.hasOwnProperty.call(m, "totalBlockingTime") && !$Object.is(m.totalBlockingTime, 0))
                        w.uint32(/* id 19, wireType 1 =*/153).double(m.totalBlockingTime);
                    if (m.totalLoadTime != null && $Object.hasOwnProperty.call(m, "totalLoadTime") && !$Object.is(m.totalLoadTime, 0))
                        w.uint32(/* id 20, wireType 1 =*/161).double(m.totalLoadTime);
                    if (m.transferSize != null && $Object.hasOwnProperty.call(m, "transferSize") && !$Object.is(m.transferSize, 0))
                        w.uint32(/* id 21, wireType 1 =*/169).double(m.transferSize);
                    if (m.viewportHeight != null && $Object.hasOwnProperty.call(m, "viewportHeight") && !$Object.is(m.viewportHeight, 0))
                        w.uint32(/* id 22, wireType 1 =*/177).double(m.viewportHeight);
                    if (m.viewportWidth != null && $Object.hasOwnProperty.call(m, "viewportWidth") && !$Object.is(m.viewportWidth, 0))
                        w.uint32(/* id 23, wireType 1 =*/185).double(m.viewportWidth);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a PerformanceMetrics message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.PerformanceMetrics
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.PerformanceMetrics & crawl.link.v1.PerformanceMetrics.$Shape} PerformanceMetrics
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                PerformanceMetrics.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.PerformanceMetrics();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.crashOrTimeoutFlag = v;
                                else
                                    delete m.crashOrTimeoutFlag;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.effectiveConnectionType = v;
                                else
                                    delete m.effectiveConnectionType;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.networkType = v;
                                else
                                    delete m.networkType;
                                continue;
                            }
                        case 4: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.protocol = v;
                                else
                                    delete m.protocol;
                                continue;
                            }
                        case 5: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.cumulativeLayoutShift = v;
                                else
                                    delete m.cumulativeLayoutShift;
                                continue;
                            }
                        case 6: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.decodedBodySize = v;
                                else
                                    delete m.decodedBodySize;
                                continue;
                            }
                        case 7: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.devicePixelRatio = v;
                                else
                                    delete m.devicePixelRatio;
                                continue;
                            }
                        case 8: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.dnsTimeMs = v;
                                else
                                    delete m.dnsTimeMs;
                                continue;
                            }
                        case 9: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.domContentLoaded = v;
                                else
                                    delete m.domContentLoaded;
                                continue;
                            }
                        case 10: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.encodedBodySize = v;
                                else
                                    delete m.encodedBodySize;
                                continue;
                            }
                        case 11: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.firstContentfulPaint = v;
                                else
                                    delete m.firstContentfulPaint;
                                continue;
                            }
                        case 12: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.firstPaint = v;
                                else
                                    delete m.firstPaint;
                                continue;
                            }
                        case 13: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.largestContentfulPaint = v;
                                else
                                    delete m.largestContentfulPaint;
                                continue;
                            }
                        case 14: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.longTaskCount = v;
                                else
                                    delete m.longTaskCount;
                                continue;
                            }
                        case 15: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.maxLongTask = v;
                                else
                                    delete m.maxLongTask;
                                continue;
                            }
                        case 16: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.tcpTimeMs = v;
                                else
                                    delete m.tcpTimeMs;
                                continue;
                            }
                        case 17: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.timeToFirstByte = v;
                                else
                                    delete m.timeToFirstByte;
                                continue;
                            }
                        case 18: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.tlsTimeMs = v;
                                else
                                    delete m.tlsTimeMs;
                                continue;
                            }
                        case 19: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.totalBlockingTime = v;
                                else
                                    delete m.totalBlockingTime;
                                continue;
                            }
                        case 20: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.totalLoadTime = v;
                                else
                                    delete m.totalLoadTime;
                                continue;
                            }
                        case 21: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.transferSize = v;
                                else
                                    delete m.transferSize;
                                continue;
                            }
                        case 22: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.viewportHeight = v;
                                else
                                    delete m.viewportHeight;
                                continue;
                            }
                        case 23: {
                                if (u !== 1)
                                    break;
                                if (!$Object.is(v = r.double(), 0))
                                    m.viewportWidth = v;
                                else
                                    delete m.viewportWidth;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return PerformanceMetrics;
            })();

            v1.ResultFinal = (function() {

                /**
                 * Properties of a ResultFinal.
                 * @typedef {Object} crawl.link.v1.ResultFinal.$Properties
                 * @property {string|null} [jobId] ResultFinal jobId
                 * @property {number|null} [attempt] ResultFinal attempt
                 * @property {boolean|null} [success] ResultFinal success
                 * @property {number|null} [statusCode] ResultFinal statusCode
                 * @property {Array.<crawl.link.v1.Header.$Properties>|null} [responseHeaders] ResultFinal responseHeaders
                 * @property {Array.<crawl.link.v1.Header.$Properties>|null} [requestHeaders] ResultFinal requestHeaders
                 * @property {number|null} [timeUs] ResultFinal timeUs
                 * @property {number|null} [sizeBytes] ResultFinal sizeBytes
                 * @property {string|null} [tlsVersion] ResultFinal tlsVersion
                 * @property {string|null} [tlsCipher] ResultFinal tlsCipher
                 * @property {string|null} [errorType] ResultFinal errorType
                 * @property {string|null} [errorMessage] ResultFinal errorMessage
                 * @property {number|null} [startedAtMs] ResultFinal startedAtMs
                 * @property {string|null} [finalUrl] ResultFinal finalUrl
                 * @property {Array.<crawl.link.v1.PartSummary.$Properties>|null} [parts] ResultFinal parts
                 * @property {Array.<crawl.link.v1.CookieRecord.$Properties>|null} [requestCookies] ResultFinal requestCookies
                 * @property {Array.<crawl.link.v1.CookieRecord.$Properties>|null} [responseCookies] ResultFinal responseCookies
                 * @property {crawl.link.v1.PerformanceMetrics.$Properties|null} [performance] ResultFinal performance
                 * @property {Array.<crawl.link.v1.RequestOutcome.$Properties>|null} [requestResults] ResultFinal requestResults
                 * @property {string|null} [contentType] ResultFinal contentType
                 * @property {string|null} [contentEncoding] ResultFinal contentEncoding
                 * @property {crawl.link.v1.NetworkContext.$Properties|null} [network] ResultFinal network
                 * @property {crawl.link.v1.MeasureResult.$Properties|null} [measure] ResultFinal measure
                 * @property {Array.<crawl.link.v1.ActionOutcome.$Properties>|null} [actions] ResultFinal actions
                 * @property {Array.<string>|null} [extractErrors] ResultFinal extractErrors
                 * @property {string|null} [lighthouseJson] ResultFinal lighthouseJson
                 * @property {Array.<string>|null} [links] ResultFinal links
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a ResultFinal.
                 * @memberof crawl.link.v1
                 * @interface IResultFinal
                 * @augments crawl.link.v1.ResultFinal.$Properties
                 * @deprecated Use crawl.link.v1.ResultFinal.$Properties instead.
                 */

                /**
                 * Shape of a ResultFinal.
                 * @typedef {crawl.link.v1.ResultFinal.$Properties} crawl.link.v1.ResultFinal.$Shape
                 */

                /**
                 * Constructs a new ResultFinal.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a ResultFinal.
                 * @constructor
                 * @param {crawl.link.v1.ResultFinal.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const ResultFinal = function (p) {
                    this.responseHeaders = [];
                    this.requestHeaders = [];
                    this.parts = [];
                    this.requestCookies = [];
                    this.responseCookies = [];
                    this.requestResults = [];
                    this.actions = [];
                    this.extractErrors = [];
                    this.links = [];
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * ResultFinal jobId.
                 * @member {string} jobId
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.jobId = "";

                /**
                 * ResultFinal attempt.
                 * @member {number} attempt
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.attempt = 0;

                /**
                 * ResultFinal success.
                 * @member {boolean} success
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.success = false;

                /**
                 * ResultFinal statusCode.
                 * @member {number} statusCode
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.statusCode = 0;

                /**
                 * ResultFinal responseHeaders.
                 * @member {Array.<crawl.link.v1.Header.$Properties>} responseHeaders
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.responseHeaders = $util.emptyArray;

                /**
                 * ResultFinal requestHeaders.
                 * @member {Array.<crawl.link.v1.Header.$Properties>} requestHeaders
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.requestHeaders = $util.emptyArray;

                /**
                 * ResultFinal timeUs.
                 * @member {number} timeUs
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.timeUs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * ResultFinal sizeBytes.
                 * @member {number} sizeBytes
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.sizeBytes = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * ResultFinal tlsVersion.
                 * @member {string} tlsVersion
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.tlsVersion = "";

                /**
                 * ResultFinal tlsCipher.
                 * @member {string} tlsCipher
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.tlsCipher = "";

                /**
                 * ResultFinal errorType.
                 * @member {string} errorType
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.errorType = "";

                /**
                 * ResultFinal errorMessage.
                 * @member {string} errorMessage
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.errorMessage = "";

                /**
                 * ResultFinal startedAtMs.
                 * @member {number} startedAtMs
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.startedAtMs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * ResultFinal finalUrl.
                 * @member {string} finalUrl
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.finalUrl = "";

                /**
                 * ResultFinal parts.
                 * @member {Array.<crawl.link.v1.PartSummary.$Properties>} parts
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.parts = $util.emptyArray;

                /**
                 * ResultFinal requestCookies.
                 * @member {Array.<crawl.link.v1.CookieRecord.$Properties>} requestCookies
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.requestCookies = $util.emptyArray;

                /**
                 * ResultFinal responseCookies.
                 * @member {Array.<crawl.link.v1.CookieRecord.$Properties>} responseCookies
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.responseCookies = $util.emptyArray;

                /**
                 * ResultFinal performance.
                 * @member {crawl.link.v1.PerformanceMetrics.$Properties|null|undefined} performance
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.performance = null;

                /**
                 * ResultFinal requestResults.
                 * @member {Array.<crawl.link.v1.RequestOutcome.$Properties>} requestResults
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.requestResults = $util.emptyArray;

                /**
                 * ResultFinal contentType.
                 * @member {string} contentType
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.contentType = "";

                /**
                 * ResultFinal contentEncoding.
                 * @member {string} contentEncoding
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.contentEncoding = "";

                /**
                 * ResultFinal network.
                 * @member {crawl.link.v1.NetworkContext.$Properties|null|undefined} network
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.network = null;

                /**
                 * ResultFinal measure.
                 * @member {crawl.link.v1.MeasureResult.$Properties|null|undefined} measure
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.measure = null;

                /**
                 * ResultFinal actions.
                 * @member {Array.<crawl.link.v1.ActionOutcome.$Properties>} actions
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.actions = $util.emptyArray;

                /**
                 * ResultFinal extractErrors.
                 * @member {Array.<string>} extractErrors
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.extractErrors = $util.emptyArray;

                /**
                 * ResultFinal lighthouseJson.
                 * @member {string} lighthouseJson
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.lighthouseJson = "";

                /**
                 * ResultFinal links.
                 * @member {Array.<string>} links
                 * @memberof crawl.link.v1.ResultFinal
                 * @instance
                 */
                ResultFinal.prototype.links = $util.emptyArray;

                /**
                 * Creates a new ResultFinal instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.ResultFinal
                 * @static
                 * @param {crawl.link.v1.ResultFinal.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.ResultFinal} ResultFinal instance
                 * @type {{
                 *   (properties: crawl.link.v1.ResultFinal.$Shape): crawl.link.v1.ResultFinal & crawl.link.v1.ResultFinal.$Shape;
                 *   (properties?: crawl.link.v1.ResultFinal.$Properties): crawl.link.v1.ResultFinal;
                 * }}
                 */
                ResultFinal.create = function(properties) {
                    return new ResultFinal(properties);
                };

                /**
                 * Encodes the specified ResultFinal message. Does not implicitly {@link crawl.link.v1.ResultFinal.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.ResultFinal
                 * @static
                 * @param {crawl.link.v1.ResultFinal.$Properties} m ResultFinal message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                ResultFinal.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.jobId != null && $Object.hasOwnProperty.call(m, "jobId") && m.jobId !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.jobId);
                    if (m.attempt != null && $Object.hasOwnProperty.call(m, "attempt") && m.attempt !== 0)
                        w.uint32(/* id 2, wireType 0 =*/16).uint32(m.attempt);
                    if (m.success != null && $Object.hasOwnProperty.call(m, "success") && m.success !== false)
                        w.uint32(/* id 3, wireType 0 =*/24).bool(m.success);
                    if (m.statusCode != null && $Object.hasOwnProperty.call(m, "statusCode") && m.statusCode !== 0)
                        w.uint32(/* id 4, wireType 0 =*/32).uint32(m.statusCode);
                    if (m.responseHeaders != null && m.responseHeaders.length) {
                        for (var i = 0; i < m.responseHeaders.length; ++i)
                            $root.crawl.link.v1.Header.encode(m.responseHeaders[i], w.uint32(/* id 5, wireType 2 =*/42).fork(), q + 1).ldelim();
                    }
                    if (m.requestHeaders != null && m.requestHeaders.length) {
                        for (var i = 0; i < m.requestHeaders.length; ++i)
                            $root.crawl.link.v1.Header.encode(m.requestHeaders[i], w.uint32(/* id 6, wireType 2 =*/50).fork(), q + 1).ldelim();
                    }
                    if (m.timeUs != null && $Object.hasOwnProperty.call(m, "timeUs") && (typeof m.timeUs === "object" ? m.timeUs.low || m.timeUs.high : m.timeUs !== 0))
                        w.uint32(/* id 7, wireType 0 =*/56).uint64(m.timeUs);
                    if (m.sizeBytes != null && $Object.hasOwnProperty.call(m, "sizeBytes") && (typeof m.sizeBytes === "object" ? m.sizeBytes.low || m.sizeBytes.high : m.sizeBytes !== 0))
                        w.uint32(/* id 8, wireType 0 =*/64).uint64(m.sizeBytes);
                    if (m.tlsVersion != null && $Object.hasOwnProperty.call(m, "tlsVersion") && m.tlsVersion !== "")
                        w.uint32(/* id 9, wireType 2 =*/74).string(m.tlsVersion);
                    if (m.tlsCipher != null && $Object.hasOwnProperty.call(m, "tlsCipher") && m.tlsCipher !== "")
                        w.uint32(/* id 10, wireType 2 =*/82).string(m.tlsCipher);
                    if (m.errorType != null && $Object.hasOwnProperty.call(m, "errorType") && m.errorType !== "")
                        w.uint32(/* id 11, wireType 2 =*/90).string(m.errorType);
                    if (m.errorMessage != null && $Object.hasOwnProperty.call(m, "errorMessage") && m.errorMessage !== "")
                        w.uint32(/* id 12, wireType 2 =*/98).string(m.errorMessage);
                    if (m.startedAtMs != null && $Object.hasOwnProperty.call(m, "startedAtMs") && (typeof m.startedAtMs === "object" ? m.startedAtMs.low || m.startedAtMs.high : m.startedAtMs !== 0))
                        w.uint32(/* id 13, wireType 0 =*/104).uint64(m.startedAtMs);
                    if (m.finalUrl != null && $Object.hasOwnProperty.call(m, "finalUrl") && m.finalUrl !== "")
                        w.uint32(/* id 14, wireType 2 =*/114).string(m.finalUrl);
                    if (m.parts != null && m.parts.length) {
                        for (var i = 0; i < m.parts.length; ++i)
                            $root.crawl.link.v1.PartSummary.encode(m.parts[i], w.uint32(/* id 15, wireType 2 =*/122).fork(), q + 1).ldelim();
                    }
                    if (m.requestCookies != null && m.requestCookies.length) {
                        for (var i = 0; i < m.requestCookies.length; ++i)
                            $root.crawl.link.v1.CookieRecord.encode(m.requestCookies[i], w.uint32(/* id 16, wireType 2 =*/130).fork(), q + 1).ldelim();
                    }
                    if (m.responseCookies != null && m.responseCookies.length) {
                        for (var i = 0; i < m.responseCookies.length; ++i)
                            $root.crawl.link.v1.CookieRecord.encode(m.responseCookies[i], w.uint32(/* id 17, wireType 2 =*/138).fork(), q + 1).ldelim();
                    }
                    if (m.performance != null && $Object.hasOwnProperty.call(m, "performance"))
                        $root.crawl.link.v1.PerformanceMetrics.encode(m.performance, w.uint32(/* id 18, wireType 2 =*/146).fork(), q + 1).ldelim();
                    if (m.requestResults != null && m.requestResults.length) {
                        for (var i = 0; i < m.requestResults.length; ++i)
                            $root.crawl.link.v1.RequestOutcome.encode(m.requestResults[i], w.uint32(/* id 19, wireType 2 =*/154).fork(), q + 1).ldelim();
                    }
                    if (m.contentType != null && $Object.hasOwnProperty.call(m, "contentType") && m.contentType !== "")
                        w.uint32(/* id 20, wireType 2 =*/162).string(m.contentType);
                    if (m.contentEncoding != null && $Object.hasOwnProperty.call(m, "contentEncoding") && m.contentEncoding !== "")
                        w.uint32(/* id 21, wireType 2 =*/170).string(m.contentEncoding);
                    if (m.network != null && $Object.hasOwnProperty.call(m, "network"))
                        $root.crawl.link.v1.NetworkContext.encode(m.network, w.uint32(/* id 22, wireType 2 =*/178).fork(), q + 1).ldelim();
                    if (m.measure != null && $Object.hasOwnProperty.call(m, "measure"))
                        $root.crawl.link.v1.MeasureResult.encode(m.measure, w.uint32(/* id 23, wireType 2 =*/186).fork(), q + 1).ldelim();
                    if (m.actions != null && m.actions.length) {
                        for (var i = 0; i < m.actions.length; ++i)
                            $root.crawl.link.v1.ActionOutcome.encode(m.actions[i], w.uint32(/* id 30, wireType 2 =*/242).fork(), q + 1).ldelim();
                    }
                    if (m.extractErrors != null && m.extractErrors.length) {
                        for (var i = 0; i < m.extractErrors.length; ++i)
                            w.uint32(/* id 31, wireType 2 =*/250).string(m.extractErrors[i]);
                    }
                    if (m.lighthouseJson != null && $Object.hasOwnProperty.call(m, "lighthouseJson") && m.lighthouseJson !== "")
                        w.uint32(/* id 32, wireType 2 =*/258).string(m.lighthouseJson);
                    if (m.links != null && m.links.length) {
                        for (var i = 0; i < m.links.length; ++i)
                            w.uint32(/* id 40, wireType 2 =*/322).string(m.links[i]);
                    }
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a ResultFinal message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.ResultFinal
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.ResultFinal & crawl.link.v1.ResultFinal.$Shape} ResultFinal
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                ResultFinal.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.ResultFinal();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.jobId = v;
                                else
                                    delete m.jobId;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.attempt = v;
                                else
                                    delete m.attempt;
                                continue;
                            }
                        case 3: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.success = v;
                                else
                                    delete m.success;
                                continue;
                            }
                        case 4: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.statusCode = v;
                                else
                                    delete m.statusCode;
                                continue;
                            }
                        case 5: {
                                if (u !== 2)
                                    break;
                                if (!(m.responseHeaders && m.responseHeaders.length))
                                    m.responseHeaders = [];
                                m.responseHeaders.push($root.crawl.link.v1.Header.decode(r, r.size(), $undefined, q + 1));
                                continue;
                            }
                        case 6: {
                                if (u !== 2)
                                    break;
                                if (!(m.requestHeaders && m.requestHeaders.length))
                                    m.requestHeaders = [];
                                m.requestHeaders.push($root.crawl.link.v1.Header.decode(r, r.size(), $undefined, q + 1));
                                continue;
                            }
                        case 7: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                    m.timeUs = v;
                                else
                                    delete m.timeUs;
                                continue;
                            }
                        case 8: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                    m.sizeBytes = v;
                                else
                                    delete m.sizeBytes;
                                continue;
                            }
                        case 9: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.tlsVersion = v;
                                else
                                    delete m.tlsVersion;
                                continue;
                            }
                        case 10: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.tlsCipher = v;
                                else
                                    delete m.tlsCipher;
                                continue;
                            }
                        case 11: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.errorType = v;
                                else
                                    delete m.errorType;
                                continue;
                            }
                        case 12: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.errorMessage = v;
                                else
                                    delete m.errorMessage;
                                continue;
                            }
                        case 13: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                    m.startedAtMs = v;
                                else
                                    delete m.startedAtMs;
                                continue;
                            }
                        case 14: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.finalUrl = v;
                                else
                                    delete m.finalUrl;
                                continue;
                            }
                        case 15: {
                                if (u !== 2)
                                    break;
                                if (!(m.parts && m.parts.length))
                                    m.parts = [];
                                m.parts.push($root.crawl.link.v1.PartSummary.decode(r, r.size(), $undefined, q + 1));
                                continue;
                            }
                        case 16: {
                                if (u !== 2)
                                    break;
                                if (!(m.requestCookies && m.requestCookies.length))
                                    m.requestCookies = [];
                                m.requestCookies.push($root.crawl.link.v1.CookieRecord.decode(r, r.size(), $undefined, q + 1));
                                continue;
                            }
                        case 17: {
                                if (u !== 2)
                                    break;
                                if (!(m.responseCookies && m.responseCookies.length))
                                    m.responseCookies = [];
                                m.responseCookies.push($root.crawl.link.v1.CookieRecord.decode(r, r.size(), $undefined, q + 1));
                                continue;
                            }
                        case 18: {
                                if (u !== 2)
                                    break;
                                m.performance = $root.crawl.link.v1.PerformanceMetrics.decode(r, r.size(), $undefined, q + 1, m.performance);
                                continue;
                            }
                        case 19: {
                                if (u !== 2)
                                    break;
                                if (!(m.requestResults && m.requestResults.length))
                                    m.requestResults = [];
                                m.requestResults.push($root.crawl.link.v1.RequestOutcome.decode(r, r.size(), $undefined, q + 1));
                                continue;
                            }
                        case 20: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.contentType = v;
                                else
                                    delete m.contentType;
                                continue;
                            }
                        case 21: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.contentEncoding = v;
                                else
                                    delete m.contentEncoding;
                                continue;
                            }
                        case 22: {
                                if (u !== 2)
                                    break;
                                m.network = $root.crawl.link.v1.NetworkContext.decode(r, r.size(), $undefined, q + 1, m.network);
                                continue;
                            }
                        case 23: {
                                if (u !== 2)
                                    break;
                                m.measure = $root.crawl.link.v1.MeasureResult.decode(r, r.size(), $undefined, q + 1, m.measure);
                                continue;
                            }
                        case 30: {
                                if (u !== 2)
                                    break;
                                if (!(m.actions && m.actions.length))
                                    m.actions = [];
                                m.actions.push($root.crawl.link.v1.ActionOutcome.decode(r, r.size(), $undefined, q + 1));
                                continue;
                            }
                        case 31: {
                                if (u !== 2)
                                    break;
                                if (!(m.extractErrors && m.extractErrors.length))
                                    m.extractErrors = [];
                                m.extractErrors.push(r.stringVerify());
                                continue;
                            }
                        case 32: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.lighthouseJson = v;
                                else
                                    delete m.lighthouseJson;
                                continue;
                            }
                        case 40: {
                                if (u !== 2)
                                    break;
                                if (!(m.links && m.links.length))
                                    m.links = [];
                                m.links.push(r.stringVerify());
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return ResultFinal;
            })();

            v1.ResultAck = (function() {

                /**
                 * Properties of a ResultAck.
                 * @typedef {Object} crawl.link.v1.ResultAck.$Properties
                 * @property {string|null} [jobId] ResultAck jobId
                 * @property {number|null} [attempt] ResultAck attempt
                 * @property {boolean|null} [duplicate] ResultAck duplicate
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a ResultAck.
                 * @memberof crawl.link.v1
                 * @interface IResultAck
                 * @augments crawl.link.v1.ResultAck.$Properties
                 * @deprecated Use crawl.link.v1.ResultAck.$Properties instead.
                 */

                /**
                 * Shape of a ResultAck.
                 * @typedef {crawl.link.v1.ResultAck.$Properties} crawl.link.v1.ResultAck.$Shape
                 */

                /**
                 * Constructs a new ResultAck.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a ResultAck.
                 * @constructor
                 * @param {crawl.link.v1.ResultAck.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const ResultAck = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * ResultAck jobId.
                 * @member {string} jobId
                 * @memberof crawl.link.v1.ResultAck
                 * @instance
                 */
                ResultAck.prototype.jobId = "";

                /**
                 * ResultAck attempt.
                 * @member {number} attempt
                 * @memberof crawl.link.v1.ResultAck
                 * @instance
                 */
                ResultAck.prototype.attempt = 0;

                /**
                 * ResultAck duplicate.
                 * @member {boolean} duplicate
                 * @memberof crawl.link.v1.ResultAck
                 * @instance
                 */
                ResultAck.prototype.duplicate = false;

                /**
                 * Creates a new ResultAck instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.ResultAck
                 * @static
                 * @param {crawl.link.v1.ResultAck.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.ResultAck} ResultAck instance
                 * @type {{
                 *   (properties: crawl.link.v1.ResultAck.$Shape): crawl.link.v1.ResultAck & crawl.link.v1.ResultAck.$Shape;
                 *   (properties?: crawl.link.v1.ResultAck.$Properties): crawl.link.v1.ResultAck;
                 * }}
                 */
                ResultAck.create = function(properties) {
                    return new ResultAck(properties);
                };

                /**
                 * Encodes the specified ResultAck message. Does not implicitly {@link crawl.link.v1.ResultAck.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.ResultAck
                 * @static
                 * @param {crawl.link.v1.ResultAck.$Properties} m ResultAck message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                ResultAck.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.jobId != null && $Object.hasOwnProperty.call(m, "jobId") && m.jobId !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.jobId);
                    if (m.attempt != null && $Object.hasOwnProperty.call(m, "attempt") && m.attempt !== 0)
                        w.uint32(/* id 2, wireType 0 =*/16).uint32(m.attempt);
                    if (m.duplicate != null && $Object.hasOwnProperty.call(m, "duplicate") && m.duplicate !== false)
                        w.uint32(/* id 3, wireType 0 =*/24).bool(m.duplicate);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a ResultAck message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.ResultAck
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.ResultAck & crawl.link.v1.ResultAck.$Shape} ResultAck
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                ResultAck.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.ResultAck();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.jobId = v;
                                else
                                    delete m.jobId;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.attempt = v;
                                else
                                    delete m.attempt;
                                continue;
                            }
                        case 3: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.duplicate = v;
                                else
                                    delete m.duplicate;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return ResultAck;
            })();

            v1.Ping = (function() {

                /**
                 * Properties of a Ping.
                 * @typedef {Object} crawl.link.v1.Ping.$Properties
                 * @property {number|null} [nonce] Ping nonce
                 * @property {number|null} [sentMs] Ping sentMs
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Ping.
                 * @memberof crawl.link.v1
                 * @interface IPing
                 * @augments crawl.link.v1.Ping.$Properties
                 * @deprecated Use crawl.link.v1.Ping.$Properties instead.
                 */

                /**
                 * Shape of a Ping.
                 * @typedef {crawl.link.v1.Ping.$Properties} crawl.link.v1.Ping.$Shape
                 */

                /**
                 * Constructs a new Ping.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a Ping.
                 * @constructor
                 * @param {crawl.link.v1.Ping.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Ping = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * Ping nonce.
                 * @member {number} nonce
                 * @memberof crawl.link.v1.Ping
                 * @instance
                 */
                Ping.prototype.nonce = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * Ping sentMs.
                 * @member {number} sentMs
                 * @memberof crawl.link.v1.Ping
                 * @instance
                 */
                Ping.prototype.sentMs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * Creates a new Ping instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.Ping
                 * @static
                 * @param {crawl.link.v1.Ping.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.Ping} Ping instance
                 * @type {{
                 *   (properties: crawl.link.v1.Ping.$Shape): crawl.link.v1.Ping & crawl.link.v1.Ping.$Shape;
                 *   (properties?: crawl.link.v1.Ping.$Properties): crawl.link.v1.Ping;
                 * }}
                 */
                Ping.create = function(properties) {
                    return new Ping(properties);
                };

                /**
                 * Encodes the specified Ping message. Does not implicitly {@link crawl.link.v1.Ping.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.Ping
                 * @static
                 * @param {crawl.link.v1.Ping.$Properties} m Ping message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Ping.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.nonce != null && $Object.hasOwnProperty.call(m, "nonce") && (typeof m.nonce === "object" ? m.nonce.low || m.nonce.high : m.nonce !== 0))
                        w.uint32(/* id 1, wireType 0 =*/8).uint64(m.nonce);
                    if (m.sentMs != null && $Object.hasOwnProperty.call(m, "sentMs") && (typeof m.sentMs === "object" ? m.sentMs.low || m.sentMs.high : m.sentMs !== 0))
                        w.uint32(/* id 2, wireType 0 =*/16).uint64(m.sentMs);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a Ping message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.Ping
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Ping & crawl.link.v1.Ping.$Shape} Ping
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Ping.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.Ping();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                    m.nonce = v;
                                else
                                    delete m.nonce;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                    m.sentMs = v;
                                else
                                    delete m.sentMs;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return Ping;
            })();

            v1.Pong = (function() {

                /**
                 * Properties of a Pong.
                 * @typedef {Object} crawl.link.v1.Pong.$Properties
                 * @property {number|null} [nonce] Pong nonce
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Pong.
                 * @memberof crawl.link.v1
                 * @interface IPong
                 * @augments crawl.link.v1.Pong.$Properties
                 * @deprecated Use crawl.link.v1.Pong.$Properties instead.
                 */

                /**
                 * Shape of a Pong.
                 * @typedef {crawl.link.v1.Pong.$Properties} crawl.link.v1.Pong.$Shape
                 */

                /**
                 * Constructs a new Pong.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a Pong.
                 * @constructor
                 * @param {crawl.link.v1.Pong.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Pong = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * Pong nonce.
                 * @member {number} nonce
                 * @memberof crawl.link.v1.Pong
                 * @instance
                 */
                Pong.prototype.nonce = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * Creates a new Pong instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.Pong
                 * @static
                 * @param {crawl.link.v1.Pong.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.Pong} Pong instance
                 * @type {{
                 *   (properties: crawl.link.v1.Pong.$Shape): crawl.link.v1.Pong & crawl.link.v1.Pong.$Shape;
                 *   (properties?: crawl.link.v1.Pong.$Properties): crawl.link.v1.Pong;
                 * }}
                 */
                Pong.create = function(properties) {
                    return new Pong(properties);
                };

                /**
                 * Encodes the specified Pong message. Does not implicitly {@link crawl.link.v1.Pong.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.Pong
                 * @static
                 * @param {crawl.link.v1.Pong.$Properties} m Pong message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Pong.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.nonce != null && $Object.hasOwnProperty.call(m, "nonce") && (typeof m.nonce === "object" ? m.nonce.low || m.nonce.high : m.nonce !== 0))
                        w.uint32(/* id 1, wireType 0 =*/8).uint64(m.nonce);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a Pong message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.Pong
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Pong & crawl.link.v1.Pong.$Shape} Pong
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Pong.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.Pong();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                    m.nonce = v;
                                else
                                    delete m.nonce;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return Pong;
            })();

            v1.Draining = (function() {

                /**
                 * Properties of a Draining.
                 * @typedef {Object} crawl.link.v1.Draining.$Properties
                 * @property {string|null} [reason] Draining reason
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Draining.
                 * @memberof crawl.link.v1
                 * @interface IDraining
                 * @augments crawl.link.v1.Draining.$Properties
                 * @deprecated Use crawl.link.v1.Draining.$Properties instead.
                 */

                /**
                 * Shape of a Draining.
                 * @typedef {crawl.link.v1.Draining.$Properties} crawl.link.v1.Draining.$Shape
                 */

                /**
                 * Constructs a new Draining.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a Draining.
                 * @constructor
                 * @param {crawl.link.v1.Draining.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Draining = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * Draining reason.
                 * @member {string} reason
                 * @memberof crawl.link.v1.Draining
                 * @instance
                 */
                Draining.prototype.reason = "";

                /**
                 * Creates a new Draining instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.Draining
                 * @static
                 * @param {crawl.link.v1.Draining.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.Draining} Draining instance
                 * @type {{
                 *   (properties: crawl.link.v1.Draining.$Shape): crawl.link.v1.Draining & crawl.link.v1.Draining.$Shape;
                 *   (properties?: crawl.link.v1.Draining.$Properties): crawl.link.v1.Draining;
                 * }}
                 */
                Draining.create = function(properties) {
                    return new Draining(properties);
                };

                /**
                 * Encodes the specified Draining message. Does not implicitly {@link crawl.link.v1.Draining.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.Draining
                 * @static
                 * @param {crawl.link.v1.Draining.$Properties} m Draining message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Draining.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.reason != null && $Object.hasOwnProperty.call(m, "reason") && m.reason !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.reason);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a Draining message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.Draining
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Draining & crawl.link.v1.Draining.$Shape} Draining
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Draining.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.Draining();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.reason = v;
                                else
                                    delete m.reason;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return Draining;
            })();

            v1.Availability = (function() {

                /**
                 * Properties of an Availability.
                 * @typedef {Object} crawl.link.v1.Availability.$Properties
                 * @property {boolean|null} [accepting] Availability accepting
                 * @property {string|null} [reason] Availability reason
                 * @property {crawl.link.v1.OwnerControls.$Properties|null} [ownerControls] Availability ownerControls
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of an Availability.
                 * @memberof crawl.link.v1
                 * @interface IAvailability
                 * @augments crawl.link.v1.Availability.$Properties
                 * @deprecated Use crawl.link.v1.Availability.$Properties instead.
                 */

                /**
                 * Shape of an Availability.
                 * @typedef {crawl.link.v1.Availability.$Properties} crawl.link.v1.Availability.$Shape
                 */

                /**
                 * Constructs a new Availability.
                 * @memberof crawl.link.v1
                 * @classdesc Represents an Availability.
                 * @constructor
                 * @param {crawl.link.v1.Availability.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Availability = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * Availability accepting.
                 * @member {boolean} accepting
                 * @memberof crawl.link.v1.Availability
                 * @instance
                 */
                Availability.prototype.accepting = false;

                /**
                 * Availability reason.
                 * @member {string} reason
                 * @memberof crawl.link.v1.Availability
                 * @instance
                 */
                Availability.prototype.reason = "";

                /**
                 * Availability ownerControls.
                 * @member {crawl.link.v1.OwnerControls.$Properties|null|undefined} ownerControls
                 * @memberof crawl.link.v1.Availability
                 * @instance
                 */
                Availability.prototype.ownerControls = null;

                /**
                 * Creates a new Availability instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.Availability
                 * @static
                 * @param {crawl.link.v1.Availability.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.Availability} Availability instance
                 * @type {{
                 *   (properties: crawl.link.v1.Availability.$Shape): crawl.link.v1.Availability & crawl.link.v1.Availability.$Shape;
                 *   (properties?: crawl.link.v1.Availability.$Properties): crawl.link.v1.Availability;
                 * }}
                 */
                Availability.create = function(properties) {
                    return new Availability(properties);
                };

                /**
                 * Encodes the specified Availability message. Does not implicitly {@link crawl.link.v1.Availability.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.Availability
                 * @static
                 * @param {crawl.link.v1.Availability.$Properties} m Availability message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Availability.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.accepting != null && $Object.hasOwnProperty.call(m, "accepting") && m.accepting !== false)
                        w.uint32(/* id 1, wireType 0 =*/8).bool(m.accepting);
                    if (m.reason != null && $Object.hasOwnProperty.call(m, "reason") && m.reason !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.reason);
                    if (m.ownerControls != null && $Object.hasOwnProperty.call(m, "ownerControls"))
                        $root.crawl.link.v1.OwnerControls.encode(m.ownerControls, w.uint32(/* id 3, wireType 2 =*/26).fork(), q + 1).ldelim();
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes an Availability message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.Availability
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Availability & crawl.link.v1.Availability.$Shape} Availability
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Availability.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.Availability();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.accepting = v;
                                else
                                    delete m.accepting;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.reason = v;
                                else
                                    delete m.reason;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                m.ownerControls = $root.crawl.link.v1.OwnerControls.decode(r, r.size(), $undefined, q + 1, m.ownerControls);
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return Availability;
            })();

            v1.Drain = (function() {

                /**
                 * Properties of a Drain.
                 * @typedef {Object} crawl.link.v1.Drain.$Properties
                 * @property {string|null} [reason] Drain reason
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Drain.
                 * @memberof crawl.link.v1
                 * @interface IDrain
                 * @augments crawl.link.v1.Drain.$Properties
                 * @deprecated Use crawl.link.v1.Drain.$Properties instead.
                 */

                /**
                 * Shape of a Drain.
                 * @typedef {crawl.link.v1.Drain.$Properties} crawl.link.v1.Drain.$Shape
                 */

                /**
                 * Constructs a new Drain.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a Drain.
                 * @constructor
                 * @param {crawl.link.v1.Drain.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Drain = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * Drain reason.
                 * @member {string} reason
                 * @memberof crawl.link.v1.Drain
                 * @instance
                 */
                Drain.prototype.reason = "";

                /**
                 * Creates a new Drain instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.Drain
                 * @static
                 * @param {crawl.link.v1.Drain.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.Drain} Drain instance
                 * @type {{
                 *   (properties: crawl.link.v1.Drain.$Shape): crawl.link.v1.Drain & crawl.link.v1.Drain.$Shape;
                 *   (properties?: crawl.link.v1.Drain.$Properties): crawl.link.v1.Drain;
                 * }}
                 */
                Drain.create = function(properties) {
                    return new Drain(properties);
                };

                /**
                 * Encodes the specified Drain message. Does not implicitly {@link crawl.link.v1.Drain.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.Drain
                 * @static
                 * @param {crawl.link.v1.Drain.$Properties} m Drain message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Drain.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.reason != null && $Object.hasOwnProperty.call(m, "reason") && m.reason !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.reason);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a Drain message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.Drain
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Drain & crawl.link.v1.Drain.$Shape} Drain
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Drain.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.Drain();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.reason = v;
                                else
                                    delete m.reason;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return Drain;
            })();

            v1.SessionEnd = (function() {

                /**
                 * Properties of a SessionEnd.
                 * @typedef {Object} crawl.link.v1.SessionEnd.$Properties
                 * @property {string|null} [sessionId] SessionEnd sessionId
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a SessionEnd.
                 * @memberof crawl.link.v1
                 * @interface ISessionEnd
                 * @augments crawl.link.v1.SessionEnd.$Properties
                 * @deprecated Use crawl.link.v1.SessionEnd.$Properties instead.
                 */

                /**
                 * Shape of a SessionEnd.
                 * @typedef {crawl.link.v1.SessionEnd.$Properties} crawl.link.v1.SessionEnd.$Shape
                 */

                /**
                 * Constructs a new SessionEnd.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a SessionEnd.
                 * @constructor
                 * @param {crawl.link.v1.SessionEnd.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const SessionEnd = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * SessionEnd sessionId.
                 * @member {string} sessionId
                 * @memberof crawl.link.v1.SessionEnd
                 * @instance
                 */
                SessionEnd.prototype.sessionId = "";

                /**
                 * Creates a new SessionEnd instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.SessionEnd
                 * @static
                 * @param {crawl.link.v1.SessionEnd.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.SessionEnd} SessionEnd instance
                 * @type {{
                 *   (properties: crawl.link.v1.SessionEnd.$Shape): crawl.link.v1.SessionEnd & crawl.link.v1.SessionEnd.$Shape;
                 *   (properties?: crawl.link.v1.SessionEnd.$Properties): crawl.link.v1.SessionEnd;
                 * }}
                 */
                SessionEnd.create = function(properties) {
                    return new SessionEnd(properties);
                };

                /**
                 * Encodes the specified SessionEnd message. Does not implicitly {@link crawl.link.v1.SessionEnd.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.SessionEnd
                 * @static
                 * @param {crawl.link.v1.SessionEnd.$Properties} m SessionEnd message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                SessionEnd.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.sessionId != null && $Object.hasOwnProperty.call(m, "sessionId") && m.sessionId !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.sessionId);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a SessionEnd message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.SessionEnd
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.SessionEnd & crawl.link.v1.SessionEnd.$Shape} SessionEnd
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                SessionEnd.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.SessionEnd();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.sessionId = v;
                                else
                                    delete m.sessionId;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return SessionEnd;
            })();

            v1.Standing = (function() {

                /**
                 * Properties of a Standing.
                 * @typedef {Object} crawl.link.v1.Standing.$Properties
                 * @property {boolean|null} [quarantined] Standing quarantined
                 * @property {string|null} [reason] Standing reason
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Standing.
                 * @memberof crawl.link.v1
                 * @interface IStanding
                 * @augments crawl.link.v1.Standing.$Properties
                 * @deprecated Use crawl.link.v1.Standing.$Properties instead.
                 */

                /**
                 * Shape of a Standing.
                 * @typedef {crawl.link.v1.Standing.$Properties} crawl.link.v1.Standing.$Shape
                 */

                /**
                 * Constructs a new Standing.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a Standing.
                 * @constructor
                 * @param {crawl.link.v1.Standing.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Standing = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * Standing quarantined.
                 * @member {boolean} quarantined
                 * @memberof crawl.link.v1.Standing
                 * @instance
                 */
                Standing.prototype.quarantined = false;

                /**
                 * Standing reason.
                 * @member {string} reason
                 * @memberof crawl.link.v1.Standing
                 * @instance
                 */
                Standing.prototype.reason = "";

                /**
                 * Creates a new Standing instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.Standing
                 * @static
                 * @param {crawl.link.v1.Standing.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.Standing} Standing instance
                 * @type {{
                 *   (properties: crawl.link.v1.Standing.$Shape): crawl.link.v1.Standing & crawl.link.v1.Standing.$Shape;
                 *   (properties?: crawl.link.v1.Standing.$Properties): crawl.link.v1.Standing;
                 * }}
                 */
                Standing.create = function(properties) {
                    return new Standing(properties);
                };

                /**
                 * Encodes the specified Standing message. Does not implicitly {@link crawl.link.v1.Standing.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.Standing
                 * @static
                 * @param {crawl.link.v1.Standing.$Properties} m Standing message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Standing.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.quarantined != null && $Object.hasOwnProperty.call(m, "quarantined") && m.quarantined !== false)
                        w.uint32(/* id 1, wireType 0 =*/8).bool(m.quarantined);
                    if (m.reason != null && $Object.hasOwnProperty.call(m, "reason") && m.reason !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.reason);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a Standing message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.Standing
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.Standing & crawl.link.v1.Standing.$Shape} Standing
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Standing.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.Standing();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.quarantined = v;
                                else
                                    delete m.quarantined;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.reason = v;
                                else
                                    delete m.reason;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return Standing;
            })();

            v1.StreamOpen = (function() {

                /**
                 * Properties of a StreamOpen.
                 * @typedef {Object} crawl.link.v1.StreamOpen.$Properties
                 * @property {number|null} [streamId] StreamOpen streamId
                 * @property {string|null} [host] StreamOpen host
                 * @property {number|null} [port] StreamOpen port
                 * @property {string|null} [keyId] StreamOpen keyId
                 * @property {number|null} [windowBytes] StreamOpen windowBytes
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a StreamOpen.
                 * @memberof crawl.link.v1
                 * @interface IStreamOpen
                 * @augments crawl.link.v1.StreamOpen.$Properties
                 * @deprecated Use crawl.link.v1.StreamOpen.$Properties instead.
                 */

                /**
                 * Shape of a StreamOpen.
                 * @typedef {crawl.link.v1.StreamOpen.$Properties} crawl.link.v1.StreamOpen.$Shape
                 */

                /**
                 * Constructs a new StreamOpen.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a StreamOpen.
                 * @constructor
                 * @param {crawl.link.v1.StreamOpen.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const StreamOpen = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * StreamOpen streamId.
                 * @member {number} streamId
                 * @memberof crawl.link.v1.StreamOpen
                 * @instance
                 */
                StreamOpen.prototype.streamId = 0;

                /**
                 * StreamOpen host.
                 * @member {string} host
                 * @memberof crawl.link.v1.StreamOpen
                 * @instance
                 */
                StreamOpen.prototype.host = "";

                /**
                 * StreamOpen port.
                 * @member {number} port
                 * @memberof crawl.link.v1.StreamOpen
                 * @instance
                 */
                StreamOpen.prototype.port = 0;

                /**
                 * StreamOpen keyId.
                 * @member {string} keyId
                 * @memberof crawl.link.v1.StreamOpen
                 * @instance
                 */
                StreamOpen.prototype.keyId = "";

                /**
                 * StreamOpen windowBytes.
                 * @member {number} windowBytes
                 * @memberof crawl.link.v1.StreamOpen
                 * @instance
                 */
                StreamOpen.prototype.windowBytes = 0;

                /**
                 * Creates a new StreamOpen instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.StreamOpen
                 * @static
                 * @param {crawl.link.v1.StreamOpen.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.StreamOpen} StreamOpen instance
                 * @type {{
                 *   (properties: crawl.link.v1.StreamOpen.$Shape): crawl.link.v1.StreamOpen & crawl.link.v1.StreamOpen.$Shape;
                 *   (properties?: crawl.link.v1.StreamOpen.$Properties): crawl.link.v1.StreamOpen;
                 * }}
                 */
                StreamOpen.create = function(properties) {
                    return new StreamOpen(properties);
                };

                /**
                 * Encodes the specified StreamOpen message. Does not implicitly {@link crawl.link.v1.StreamOpen.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.StreamOpen
                 * @static
                 * @param {crawl.link.v1.StreamOpen.$Properties} m StreamOpen message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                StreamOpen.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.streamId != null && $Object.hasOwnProperty.call(m, "streamId") && m.streamId !== 0)
                        w.uint32(/* id 1, wireType 0 =*/8).uint32(m.streamId);
                    if (m.host != null && $Object.hasOwnProperty.call(m, "host") && m.host !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.host);
                    if (m.port != null && $Object.hasOwnProperty.call(m, "port") && m.port !== 0)
                        w.uint32(/* id 3, wireType 0 =*/24).uint32(m.port);
                    if (m.keyId != null && $Object.hasOwnProperty.call(m, "keyId") && m.keyId !== "")
                        w.uint32(/* id 4, wireType 2 =*/34).string(m.keyId);
                    if (m.windowBytes != null && $Object.hasOwnProperty.call(m, "windowBytes") && m.windowBytes !== 0)
                        w.uint32(/* id 5, wireType 0 =*/40).uint32(m.windowBytes);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a StreamOpen message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.StreamOpen
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.StreamOpen & crawl.link.v1.StreamOpen.$Shape} StreamOpen
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                StreamOpen.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.StreamOpen();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.streamId = v;
                                else
                                    delete m.streamId;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.host = v;
                                else
                                    delete m.host;
                                continue;
                            }
                        case 3: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.port = v;
                                else
                                    delete m.port;
                                continue;
                            }
                        case 4: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.keyId = v;
                                else
                                    delete m.keyId;
                                continue;
                            }
                        case 5: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.windowBytes = v;
                                else
                                    delete m.windowBytes;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return StreamOpen;
            })();

            v1.StreamOpened = (function() {

                /**
                 * Properties of a StreamOpened.
                 * @typedef {Object} crawl.link.v1.StreamOpened.$Properties
                 * @property {number|null} [streamId] StreamOpened streamId
                 * @property {string|null} [address] StreamOpened address
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a StreamOpened.
                 * @memberof crawl.link.v1
                 * @interface IStreamOpened
                 * @augments crawl.link.v1.StreamOpened.$Properties
                 * @deprecated Use crawl.link.v1.StreamOpened.$Properties instead.
                 */

                /**
                 * Shape of a StreamOpened.
                 * @typedef {crawl.link.v1.StreamOpened.$Properties} crawl.link.v1.StreamOpened.$Shape
                 */

                /**
                 * Constructs a new StreamOpened.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a StreamOpened.
                 * @constructor
                 * @param {crawl.link.v1.StreamOpened.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const StreamOpened = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * StreamOpened streamId.
                 * @member {number} streamId
                 * @memberof crawl.link.v1.StreamOpened
                 * @instance
                 */
                StreamOpened.prototype.streamId = 0;

                /**
                 * StreamOpened address.
                 * @member {string} address
                 * @memberof crawl.link.v1.StreamOpened
                 * @instance
                 */
                StreamOpened.prototype.address = "";

                /**
                 * Creates a new StreamOpened instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.StreamOpened
                 * @static
                 * @param {crawl.link.v1.StreamOpened.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.StreamOpened} StreamOpened instance
                 * @type {{
                 *   (properties: crawl.link.v1.StreamOpened.$Shape): crawl.link.v1.StreamOpened & crawl.link.v1.StreamOpened.$Shape;
                 *   (properties?: crawl.link.v1.StreamOpened.$Properties): crawl.link.v1.StreamOpened;
                 * }}
                 */
                StreamOpened.create = function(properties) {
                    return new StreamOpened(properties);
                };

                /**
                 * Encodes the specified StreamOpened message. Does not implicitly {@link crawl.link.v1.StreamOpened.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.StreamOpened
                 * @static
                 * @param {crawl.link.v1.StreamOpened.$Properties} m StreamOpened message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                StreamOpened.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.streamId != null && $Object.hasOwnProperty.call(m, "streamId") && m.streamId !== 0)
                        w.uint32(/* id 1, wireType 0 =*/8).uint32(m.streamId);
                    if (m.address != null && $Object.hasOwnProperty.call(m, "address") && m.address !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.address);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a StreamOpened message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.StreamOpened
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.StreamOpened & crawl.link.v1.StreamOpened.$Shape} StreamOpened
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                StreamOpened.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.StreamOpened();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.streamId = v;
                                else
                                    delete m.streamId;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.address = v;
                                else
                                    delete m.address;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return StreamOpened;
            })();

            v1.StreamData = (function() {

                /**
                 * Properties of a StreamData.
                 * @typedef {Object} crawl.link.v1.StreamData.$Properties
                 * @property {number|null} [streamId] StreamData streamId
                 * @property {Uint8Array|null} [data] StreamData data
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a StreamData.
                 * @memberof crawl.link.v1
                 * @interface IStreamData
                 * @augments crawl.link.v1.StreamData.$Properties
                 * @deprecated Use crawl.link.v1.StreamData.$Properties instead.
                 */

                /**
                 * Shape of a StreamData.
                 * @typedef {crawl.link.v1.StreamData.$Properties} crawl.link.v1.StreamData.$Shape
                 */

                /**
                 * Constructs a new StreamData.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a StreamData.
                 * @constructor
                 * @param {crawl.link.v1.StreamData.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const StreamData = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * StreamData streamId.
                 * @member {number} streamId
                 * @memberof crawl.link.v1.StreamData
                 * @instance
                 */
                StreamData.prototype.streamId = 0;

                /**
                 * StreamData data.
                 * @member {Uint8Array} data
                 * @memberof crawl.link.v1.StreamData
                 * @instance
                 */
                StreamData.prototype.data = $util.newBuffer([]);

                /**
                 * Creates a new StreamData instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.StreamData
                 * @static
                 * @param {crawl.link.v1.StreamData.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.StreamData} StreamData instance
                 * @type {{
                 *   (properties: crawl.link.v1.StreamData.$Shape): crawl.link.v1.StreamData & crawl.link.v1.StreamData.$Shape;
                 *   (properties?: crawl.link.v1.StreamData.$Properties): crawl.link.v1.StreamData;
                 * }}
                 */
                StreamData.create = function(properties) {
                    return new StreamData(properties);
                };

                /**
                 * Encodes the specified StreamData message. Does not implicitly {@link crawl.link.v1.StreamData.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.StreamData
                 * @static
                 * @param {crawl.link.v1.StreamData.$Properties} m StreamData message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                StreamData.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.streamId != null && $Object.hasOwnProperty.call(m, "streamId") && m.streamId !== 0)
                        w.uint32(/* id 1, wireType 0 =*/8).uint32(m.streamId);
                    if (m.data != null && $Object.hasOwnProperty.call(m, "data") && m.data.length)
                        w.uint32(/* id 2, wireType 2 =*/18).bytes(m.data);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a StreamData message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.StreamData
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.StreamData & crawl.link.v1.StreamData.$Shape} StreamData
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                StreamData.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.StreamData();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.streamId = v;
                                else
                                    delete m.streamId;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.bytes()).length)
                                    m.data = v;
                                else
                                    delete m.data;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return StreamData;
            })();

            v1.StreamCredit = (function() {

                /**
                 * Properties of a StreamCredit.
                 * @typedef {Object} crawl.link.v1.StreamCredit.$Properties
                 * @property {number|null} [streamId] StreamCredit streamId
                 * @property {number|null} [bytes] StreamCredit bytes
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a StreamCredit.
                 * @memberof crawl.link.v1
                 * @interface IStreamCredit
                 * @augments crawl.link.v1.StreamCredit.$Properties
                 * @deprecated Use crawl.link.v1.StreamCredit.$Properties instead.
                 */

                /**
                 * Shape of a StreamCredit.
                 * @typedef {crawl.link.v1.StreamCredit.$Properties} crawl.link.v1.StreamCredit.$Shape
                 */

                /**
                 * Constructs a new StreamCredit.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a StreamCredit.
                 * @constructor
                 * @param {crawl.link.v1.StreamCredit.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const StreamCredit = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * StreamCredit streamId.
                 * @member {number} streamId
                 * @memberof crawl.link.v1.StreamCredit
                 * @instance
                 */
                StreamCredit.prototype.streamId = 0;

                /**
                 * StreamCredit bytes.
                 * @member {number} bytes
                 * @memberof crawl.link.v1.StreamCredit
                 * @instance
                 */
                StreamCredit.prototype.bytes = 0;

                /**
                 * Creates a new StreamCredit instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.StreamCredit
                 * @static
                 * @param {crawl.link.v1.StreamCredit.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.StreamCredit} StreamCredit instance
                 * @type {{
                 *   (properties: crawl.link.v1.StreamCredit.$Shape): crawl.link.v1.StreamCredit & crawl.link.v1.StreamCredit.$Shape;
                 *   (properties?: crawl.link.v1.StreamCredit.$Properties): crawl.link.v1.StreamCredit;
                 * }}
                 */
                StreamCredit.create = function(properties) {
                    return new StreamCredit(properties);
                };

                /**
                 * Encodes the specified StreamCredit message. Does not implicitly {@link crawl.link.v1.StreamCredit.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.StreamCredit
                 * @static
                 * @param {crawl.link.v1.StreamCredit.$Properties} m StreamCredit message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                StreamCredit.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.streamId != null && $Object.hasOwnProperty.call(m, "streamId") && m.streamId !== 0)
                        w.uint32(/* id 1, wireType 0 =*/8).uint32(m.streamId);
                    if (m.bytes != null && $Object.hasOwnProperty.call(m, "bytes") && m.bytes !== 0)
                        w.uint32(/* id 2, wireType 0 =*/16).uint32(m.bytes);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a StreamCredit message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.StreamCredit
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.StreamCredit & crawl.link.v1.StreamCredit.$Shape} StreamCredit
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                StreamCredit.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.StreamCredit();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.streamId = v;
                                else
                                    delete m.streamId;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.bytes = v;
                                else
                                    delete m.bytes;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return StreamCredit;
            })();

            v1.StreamClose = (function() {

                /**
                 * Properties of a StreamClose.
                 * @typedef {Object} crawl.link.v1.StreamClose.$Properties
                 * @property {number|null} [streamId] StreamClose streamId
                 * @property {string|null} [reason] StreamClose reason
                 * @property {string|null} [message] StreamClose message
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a StreamClose.
                 * @memberof crawl.link.v1
                 * @interface IStreamClose
                 * @augments crawl.link.v1.StreamClose.$Properties
                 * @deprecated Use crawl.link.v1.StreamClose.$Properties instead.
                 */

                /**
                 * Shape of a StreamClose.
                 * @typedef {crawl.link.v1.StreamClose.$Properties} crawl.link.v1.StreamClose.$Shape
                 */

                /**
                 * Constructs a new StreamClose.
                 * @memberof crawl.link.v1
                 * @classdesc Represents a StreamClose.
                 * @constructor
                 * @param {crawl.link.v1.StreamClose.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const StreamClose = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * StreamClose streamId.
                 * @member {number} streamId
                 * @memberof crawl.link.v1.StreamClose
                 * @instance
                 */
                StreamClose.prototype.streamId = 0;

                /**
                 * StreamClose reason.
                 * @member {string} reason
                 * @memberof crawl.link.v1.StreamClose
                 * @instance
                 */
                StreamClose.prototype.reason = "";

                /**
                 * StreamClose message.
                 * @member {string} message
                 * @memberof crawl.link.v1.StreamClose
                 * @instance
                 */
                StreamClose.prototype.message = "";

                /**
                 * Creates a new StreamClose instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.StreamClose
                 * @static
                 * @param {crawl.link.v1.StreamClose.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.StreamClose} StreamClose instance
                 * @type {{
                 *   (properties: crawl.link.v1.StreamClose.$Shape): crawl.link.v1.StreamClose & crawl.link.v1.StreamClose.$Shape;
                 *   (properties?: crawl.link.v1.StreamClose.$Properties): crawl.link.v1.StreamClose;
                 * }}
                 */
                StreamClose.create = function(properties) {
                    return new StreamClose(properties);
                };

                /**
                 * Encodes the specified StreamClose message. Does not implicitly {@link crawl.link.v1.StreamClose.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.StreamClose
                 * @static
                 * @param {crawl.link.v1.StreamClose.$Properties} m StreamClose message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                StreamClose.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.streamId != null && $Object.hasOwnProperty.call(m, "streamId") && m.streamId !== 0)
                        w.uint32(/* id 1, wireType 0 =*/8).uint32(m.streamId);
                    if (m.reason != null && $Object.hasOwnProperty.call(m, "reason") && m.reason !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.reason);
                    if (m.message != null && $Object.hasOwnProperty.call(m, "message") && m.message !== "")
                        w.uint32(/* id 3, wireType 2 =*/26).string(m.message);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes a StreamClose message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.StreamClose
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.StreamClose & crawl.link.v1.StreamClose.$Shape} StreamClose
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                StreamClose.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.StreamClose();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 0)
                                    break;
                                if (v = r.uint32())
                                    m.streamId = v;
                                else
                                    delete m.streamId;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.reason = v;
                                else
                                    delete m.reason;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.message = v;
                                else
                                    delete m.message;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return StreamClose;
            })();

            v1.UpgradeOffer = (function() {

                /**
                 * Properties of an UpgradeOffer.
                 * @typedef {Object} crawl.link.v1.UpgradeOffer.$Properties
                 * @property {string|null} [version] UpgradeOffer version
                 * @property {string|null} [digest] UpgradeOffer digest
                 * @property {Uint8Array|null} [signature] UpgradeOffer signature
                 * @property {string|null} [path] UpgradeOffer path
                 * @property {number|null} [sizeBytes] UpgradeOffer sizeBytes
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of an UpgradeOffer.
                 * @memberof crawl.link.v1
                 * @interface IUpgradeOffer
                 * @augments crawl.link.v1.UpgradeOffer.$Properties
                 * @deprecated Use crawl.link.v1.UpgradeOffer.$Properties instead.
                 */

                /**
                 * Shape of an UpgradeOffer.
                 * @typedef {crawl.link.v1.UpgradeOffer.$Properties} crawl.link.v1.UpgradeOffer.$Shape
                 */

                /**
                 * Constructs a new UpgradeOffer.
                 * @memberof crawl.link.v1
                 * @classdesc Represents an UpgradeOffer.
                 * @constructor
                 * @param {crawl.link.v1.UpgradeOffer.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const UpgradeOffer = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * UpgradeOffer version.
                 * @member {string} version
                 * @memberof crawl.link.v1.UpgradeOffer
                 * @instance
                 */
                UpgradeOffer.prototype.version = "";

                /**
                 * UpgradeOffer digest.
                 * @member {string} digest
                 * @memberof crawl.link.v1.UpgradeOffer
                 * @instance
                 */
                UpgradeOffer.prototype.digest = "";

                /**
                 * UpgradeOffer signature.
                 * @member {Uint8Array} signature
                 * @memberof crawl.link.v1.UpgradeOffer
                 * @instance
                 */
                UpgradeOffer.prototype.signature = $util.newBuffer([]);

                /**
                 * UpgradeOffer path.
                 * @member {string} path
                 * @memberof crawl.link.v1.UpgradeOffer
                 * @instance
                 */
                UpgradeOffer.prototype.path = "";

                /**
                 * UpgradeOffer sizeBytes.
                 * @member {number} sizeBytes
                 * @memberof crawl.link.v1.UpgradeOffer
                 * @instance
                 */
                UpgradeOffer.prototype.sizeBytes = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * Creates a new UpgradeOffer instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.UpgradeOffer
                 * @static
                 * @param {crawl.link.v1.UpgradeOffer.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.UpgradeOffer} UpgradeOffer instance
                 * @type {{
                 *   (properties: crawl.link.v1.UpgradeOffer.$Shape): crawl.link.v1.UpgradeOffer & crawl.link.v1.UpgradeOffer.$Shape;
                 *   (properties?: crawl.link.v1.UpgradeOffer.$Properties): crawl.link.v1.UpgradeOffer;
                 * }}
                 */
                UpgradeOffer.create = function(properties) {
                    return new UpgradeOffer(properties);
                };

                /**
                 * Encodes the specified UpgradeOffer message. Does not implicitly {@link crawl.link.v1.UpgradeOffer.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.UpgradeOffer
                 * @static
                 * @param {crawl.link.v1.UpgradeOffer.$Properties} m UpgradeOffer message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                UpgradeOffer.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.version != null && $Object.hasOwnProperty.call(m, "version") && m.version !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.version);
                    if (m.digest != null && $Object.hasOwnProperty.call(m, "digest") && m.digest !== "")
                        w.uint32(/* id 2, wireType 2 =*/18).string(m.digest);
                    if (m.signature != null && $Object.hasOwnProperty.call(m, "signature") && m.signature.length)
                        w.uint32(/* id 3, wireType 2 =*/26).bytes(m.signature);
                    if (m.path != null && $Object.hasOwnProperty.call(m, "path") && m.path !== "")
                        w.uint32(/* id 4, wireType 2 =*/34).string(m.path);
                    if (m.sizeBytes != null && $Object.hasOwnProperty.call(m, "sizeBytes") && (typeof m.sizeBytes === "object" ? m.sizeBytes.low || m.sizeBytes.high : m.sizeBytes !== 0))
                        w.uint32(/* id 5, wireType 0 =*/40).uint64(m.sizeBytes);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes an UpgradeOffer message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.UpgradeOffer
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.UpgradeOffer & crawl.link.v1.UpgradeOffer.$Shape} UpgradeOffer
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                UpgradeOffer.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.UpgradeOffer();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.version = v;
                                else
                                    delete m.version;
                                continue;
                            }
                        case 2: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.digest = v;
                                else
                                    delete m.digest;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                if ((v = r.bytes()).length)
                                    m.signature = v;
                                else
                                    delete m.signature;
                                continue;
                            }
                        case 4: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.path = v;
                                else
                                    delete m.path;
                                continue;
                            }
                        case 5: {
                                if (u !== 0)
                                    break;
                                if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                    m.sizeBytes = v;
                                else
                                    delete m.sizeBytes;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return UpgradeOffer;
            })();

            v1.UpgradeReport = (function() {

                /**
                 * Properties of an UpgradeReport.
                 * @typedef {Object} crawl.link.v1.UpgradeReport.$Properties
                 * @property {string|null} [version] UpgradeReport version
                 * @property {boolean|null} [ok] UpgradeReport ok
                 * @property {string|null} [reason] UpgradeReport reason
                 * @property {string|null} [message] UpgradeReport message
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of an UpgradeReport.
                 * @memberof crawl.link.v1
                 * @interface IUpgradeReport
                 * @augments crawl.link.v1.UpgradeReport.$Properties
                 * @deprecated Use crawl.link.v1.UpgradeReport.$Properties instead.
                 */

                /**
                 * Shape of an UpgradeReport.
                 * @typedef {crawl.link.v1.UpgradeReport.$Properties} crawl.link.v1.UpgradeReport.$Shape
                 */

                /**
                 * Constructs a new UpgradeReport.
                 * @memberof crawl.link.v1
                 * @classdesc Represents an UpgradeReport.
                 * @constructor
                 * @param {crawl.link.v1.UpgradeReport.$Properties=} [p] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const UpgradeReport = function (p) {
                    if (p)
                        for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                            if (p[ks[i]] != null && ks[i] !== "__proto__")
                                this[ks[i]] = p[ks[i]];
                };

                /**
                 * UpgradeReport version.
                 * @member {string} version
                 * @memberof crawl.link.v1.UpgradeReport
                 * @instance
                 */
                UpgradeReport.prototype.version = "";

                /**
                 * UpgradeReport ok.
                 * @member {boolean} ok
                 * @memberof crawl.link.v1.UpgradeReport
                 * @instance
                 */
                UpgradeReport.prototype.ok = false;

                /**
                 * UpgradeReport reason.
                 * @member {string} reason
                 * @memberof crawl.link.v1.UpgradeReport
                 * @instance
                 */
                UpgradeReport.prototype.reason = "";

                /**
                 * UpgradeReport message.
                 * @member {string} message
                 * @memberof crawl.link.v1.UpgradeReport
                 * @instance
                 */
                UpgradeReport.prototype.message = "";

                /**
                 * Creates a new UpgradeReport instance using the specified properties.
                 * @function create
                 * @memberof crawl.link.v1.UpgradeReport
                 * @static
                 * @param {crawl.link.v1.UpgradeReport.$Properties=} [properties] Properties to set
                 * @returns {crawl.link.v1.UpgradeReport} UpgradeReport instance
                 * @type {{
                 *   (properties: crawl.link.v1.UpgradeReport.$Shape): crawl.link.v1.UpgradeReport & crawl.link.v1.UpgradeReport.$Shape;
                 *   (properties?: crawl.link.v1.UpgradeReport.$Properties): crawl.link.v1.UpgradeReport;
                 * }}
                 */
                UpgradeReport.create = function(properties) {
                    return new UpgradeReport(properties);
                };

                /**
                 * Encodes the specified UpgradeReport message. Does not implicitly {@link crawl.link.v1.UpgradeReport.verify|verify} messages.
                 * @function encode
                 * @memberof crawl.link.v1.UpgradeReport
                 * @static
                 * @param {crawl.link.v1.UpgradeReport.$Properties} m UpgradeReport message or plain object to encode
                 * @param {$protobuf.Writer} [w] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                UpgradeReport.encode = function (m, w, q) {
                    if (!w)
                        w = $Writer.create();
                    if (q === $undefined)
                        q = 0;
                    if (q > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (m.version != null && $Object.hasOwnProperty.call(m, "version") && m.version !== "")
                        w.uint32(/* id 1, wireType 2 =*/10).string(m.version);
                    if (m.ok != null && $Object.hasOwnProperty.call(m, "ok") && m.ok !== false)
                        w.uint32(/* id 2, wireType 0 =*/16).bool(m.ok);
                    if (m.reason != null && $Object.hasOwnProperty.call(m, "reason") && m.reason !== "")
                        w.uint32(/* id 3, wireType 2 =*/26).string(m.reason);
                    if (m.message != null && $Object.hasOwnProperty.call(m, "message") && m.message !== "")
                        w.uint32(/* id 4, wireType 2 =*/34).string(m.message);
                    if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                        for (var i = 0; i < m.$unknowns.length; ++i)
                            w.raw(m.$unknowns[i]);
                    return w;
                };

                /**
                 * Decodes an UpgradeReport message from the specified reader or buffer.
                 * @function decode
                 * @memberof crawl.link.v1.UpgradeReport
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
                 * @param {number} [l] Message length if known beforehand
                 * @returns {crawl.link.v1.UpgradeReport & crawl.link.v1.UpgradeReport.$Shape} UpgradeReport
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                UpgradeReport.decode = function (r, l, z, q, g) {
                    if (!(r instanceof $Reader))
                        r = $Reader.create(r);
                    if (q === $undefined)
                        q = 0;
                    if (q > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    var c, m, v;
                    if (l === $undefined)
                        c = r.len;
                    else {
                        c = r.pos + l;
                        if (c > r.len)
                            throw $RangeError("index out of range");
                        l = r.len;
                        r.len = c;
                    }
                    m = g || new $root.crawl.link.v1.UpgradeReport();
                    while (r.pos < c) {
                        var s = r.pos;
                        var t = r.tag();
                        if (t === z) {
                            z = $undefined;
                            break;
                        }
                        var u = t & 7;
                        switch (t >>>= 3) {
                        case 1: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.version = v;
                                else
                                    delete m.version;
                                continue;
                            }
                        case 2: {
                                if (u !== 0)
                                    break;
                                if (v = r.bool())
                                    m.ok = v;
                                else
                                    delete m.ok;
                                continue;
                            }
                        case 3: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.reason = v;
                                else
                                    delete m.reason;
                                continue;
                            }
                        case 4: {
                                if (u !== 2)
                                    break;
                                if ((v = r.stringVerify()).length)
                                    m.message = v;
                                else
                                    delete m.message;
                                continue;
                            }
                        }
                        r.skipType(u, q, t);
                        if (!r.discardUnknown) {
                            $util.makeProp(m, "$unknowns", false);
                            (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                        }
                    }
                    if (l !== $undefined) {
                        if (r.pos !== c)
                            throw $RangeError("index out of range");
                        r.len = l;
                    }
                    if (z !== $undefined)
                        throw $Error("missing end group");
                    return m;
                };

                return UpgradeReport;
            })();

            return v1;
        })();

        return link;
    })();

    return crawl;
})();

export {
  $root as default
};
