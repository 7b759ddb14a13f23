package dev.kvbench.runner.fork;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The parent's end of a forked cell's link: a loopback port that takes one connection, the one
 * whose first line is a {@link ForkMessage.Hello} with this link's token, and queues the messages
 * read from it. A socket rather than a file, as JMH's forks use: it takes no disk, so a full work
 * or results file system cannot cut a cell's result short.
 */
final class LinkServer implements AutoCloseable {

  private static final SecureRandom RANDOM = new SecureRandom();

  private final ServerSocket server;
  private final String token;
  private final ObjectMapper json;
  private final LinkedBlockingQueue<ForkMessage> messages = new LinkedBlockingQueue<>();
  private final CountDownLatch ended = new CountDownLatch(1);
  private volatile Socket connection;
  /** Where a duet side's measured passes wait for its partners', or null for a fork alone. */
  private final PassBarrier.Side barrier;

  private LinkServer(ServerSocket server, String token, ObjectMapper json, PassBarrier.Side barrier) {
    this.server = server;
    this.token = token;
    this.json = json;
    this.barrier = barrier;
  }

  /** Listens on a free loopback port and starts reading, on a daemon thread, once the child connects. */
  static LinkServer open(ObjectMapper json) throws IOException {
    return open(json, null);
  }

  /**
   * As {@link #open(ObjectMapper)}, for a duet side whose measured passes wait at {@code barrier}
   * (null for none): each one the child says starts waits until the barrier lets it go.
   */
  static LinkServer open(ObjectMapper json, PassBarrier.Side barrier) throws IOException {
    byte[] secret = new byte[16];
    RANDOM.nextBytes(secret);
    LinkServer link = new LinkServer(new ServerSocket(0, 4, InetAddress.getLoopbackAddress()),
        HexFormat.of().formatHex(secret), json, barrier);
    Thread reader = new Thread(link::serve, "kvbench-fork-link");
    reader.setDaemon(true);
    reader.start();
    return link;
  }

  /** The address the child connects to: the very loopback address listened on, IPv4 or IPv6. */
  String host() {
    return server.getInetAddress().getHostAddress();
  }

  int port() {
    return server.getLocalPort();
  }

  String token() {
    return token;
  }

  private void serve() {
    try {
      while (!server.isClosed()) {
        Socket s = server.accept();
        BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
        if (!greeted(in.readLine())) {
          s.close(); // not our child: some other local process found the port
          continue;
        }
        connection = s;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          try {
            ForkMessage m = json.readValue(line, ForkMessage.class);
            messages.add(m);
            if (barrier != null && m instanceof ForkMessage.PassStarted p
                && p.pass().kind() == dev.kvbench.run.PassLabel.Kind.MEASURED) {
              barrier.arrived(s.getOutputStream());
            } else if (barrier != null && m instanceof ForkMessage.CellFinished) {
              barrier.left();
            }
          } catch (JsonProcessingException e) {
            // not a message: cannot happen on a whole line; the exit code tells what happened
          }
        }
        return;
      }
    } catch (IOException e) {
      // closed by the parent, or the child died mid-line: what arrived whole is queued
    } finally {
      if (barrier != null) {
        barrier.left(); // a side that is gone holds no partner back
      }
      ended.countDown();
    }
  }

  private boolean greeted(String first) {
    if (first == null) {
      return false;
    }
    try {
      return json.readValue(first, ForkMessage.class) instanceof ForkMessage.Hello h && token.equals(h.token());
    } catch (JsonProcessingException e) {
      return false;
    }
  }

  /** The messages that arrived since the last call. */
  List<ForkMessage> drain() {
    List<ForkMessage> out = new ArrayList<>();
    messages.drainTo(out);
    return out;
  }

  /**
   * After the child exited: waits (up to {@code most}) for the link to reach its end, so the last
   * messages the child sent before exiting are read.
   */
  void awaitEnd(Duration most) throws InterruptedException {
    if (connection != null) {
      ended.await(most.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  @Override
  public void close() {
    try {
      server.close();
      Socket s = connection;
      if (s != null) {
        s.close();
      }
    } catch (SocketException ignored) {
      // already closed
    } catch (IOException ignored) {
      // nothing left to read from it
    }
  }
}
