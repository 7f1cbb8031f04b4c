package io.mizani.adapter.rest.common;

import java.util.concurrent.TimeUnit;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.ScheduledFuture;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.net.impl.ConnectionBase;

/**
 * A deadline on the header phase of HTTP/1.x requests: once the first byte of a request has arrived, its headers
 * must be complete within {@code millis}, or the connection is closed (a client trickling its headers). Without it
 * the header phase is bounded only by the idle timeout, which header bytes do not reset because Vert.x's idle
 * handler sits after its decoder; this bound is shorter, configured on its own, and does not depend on where a
 * Vert.x version puts its idle handler.
 * <p>
 * Vert.x offers no public hook before a request's headers are parsed ({@code HttpServer#connectionHandler} must be
 * set before {@code listen}, and Quarkus sets it only for its connection limit), so this is a Netty handler:
 * {@link #install} puts an {@link Acceptor} on the listening channel the first time a request is seen (reached
 * through Vert.x's {@link ConnectionBase#channel()}, a public method of its implementation package, no
 * reflection); from then on every accepted connection gets a {@code HeaderDeadline} first in its pipeline. The
 * timer is armed by the first byte of a request and cancelled when the HTTP/1.x decoder has the request's headers
 * ({@link Decoded}, put right after the decoder; {@link #headersArrived}, called by {@link EdgeGuard}, cancels too);
 * once the request is read to its end, the next byte starts the next request's deadline, so a keep-alive
 * connection idle between requests is left to the idle timeout.
 * HTTP/2 connections are left alone (their streams overlap).
 */
final class HeaderDeadline extends ChannelInboundHandlerAdapter {

    static final String NAME = "mizani-header-deadline";
    /** The name Vert.x gives its HTTP/1.x request decoder in the connection's pipeline. */
    private static final String DECODER = "httpDecoder";
    private static final AttributeKey<HeaderDeadline> KEY = AttributeKey.valueOf(NAME);

    private final long millis;
    private boolean awaitingHeaders = true;
    private boolean off;
    private ScheduledFuture<?> timer;
    private boolean decoding;

    private HeaderDeadline(long millis) {
        this.millis = millis;
    }

    /** Puts the acceptor on the listening channel behind this request's connection, once per listening channel. */
    static void install(HttpConnection connection, long millis) {
        Channel server = channel(connection);
        server = server == null ? null : server.parent();
        if (server == null || server.pipeline().get(NAME) != null) {
            return;
        }
        synchronized (HeaderDeadline.class) {
            if (server.pipeline().get(NAME) == null) {
                server.pipeline().addFirst(NAME, new Acceptor(millis));
            }
        }
    }

    /**
     * A request reached the router: on HTTP/2 the deadline is turned off; where the decoder is not watched yet (the
     * first request after a TLS handshake) the deadline is cancelled here, and the next one starts once the decoder
     * has seen a whole request.
     */
    static void headersArrived(HttpConnection connection, HttpVersion version) {
        HeaderDeadline deadline = of(connection);
        if (deadline != null) {
            deadline.off |= version == HttpVersion.HTTP_2;
            if (deadline.off || !deadline.decoding) {
                deadline.cancel();
                deadline.awaitingHeaders = false;
                // the decoder was put in place while this request was read (Vert.x first tells HTTP/1.x from h2c):
                // watched from now on, it sees this request's end, which starts the next request's deadline
                deadline.watch(((ConnectionBase) connection).channel().pipeline());
            }
        }
    }

    private static HeaderDeadline of(HttpConnection connection) {
        Channel channel = channel(connection);
        return channel == null ? null : channel.attr(KEY).get();
    }

    private static Channel channel(HttpConnection connection) {
        return connection instanceof ConnectionBase base ? base.channel() : null;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        ctx.channel().attr(KEY).set(this);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        watch(ctx.pipeline());
        if (!off && awaitingHeaders && timer == null) {
            timer = ctx.executor().schedule(() -> {
                if (awaitingHeaders && !off) {
                    ctx.channel().close();
                }
            }, millis, TimeUnit.MILLISECONDS);
        }
        ctx.fireChannelRead(msg);
    }

    private void watch(ChannelPipeline pipeline) {
        if (!decoding && !off) {
            if (pipeline.get(DECODER) != null) {
                // HTTP/1.x (the codec is in place once the connection is configured, after TLS if any)
                pipeline.addAfter(DECODER, NAME + "-decoded", new Decoded(this));
                decoding = true;
            } else if (pipeline.get("handler") != null) {
                off = true; // HTTP/2 negotiated by TLS: streams overlap, no header phase per connection
            }
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancel();
        ctx.fireChannelInactive();
    }

    private void cancel() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }

    /** Right after the HTTP/1.x decoder: sees whole requests (headers, then body parts up to the last). */
    static final class Decoded extends ChannelInboundHandlerAdapter {
        private final HeaderDeadline owner;

        Decoded(HeaderDeadline owner) {
            this.owner = owner;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof HttpRequest) {
                owner.cancel();
                owner.awaitingHeaders = false;
            }
            if (msg instanceof LastHttpContent) {
                owner.awaitingHeaders = true; // the next byte starts the next request's header phase
            }
            ctx.fireChannelRead(msg);
        }
    }

    /** On the listening channel: each accepted connection gets its own deadline, before Vert.x's handlers. */
    @ChannelHandler.Sharable
    static final class Acceptor extends ChannelInboundHandlerAdapter {
        private final long millis;

        Acceptor(long millis) {
            this.millis = millis;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof Channel child) {
                child.pipeline().addFirst(NAME, new HeaderDeadline(millis));
            }
            ctx.fireChannelRead(msg);
        }
    }
}
