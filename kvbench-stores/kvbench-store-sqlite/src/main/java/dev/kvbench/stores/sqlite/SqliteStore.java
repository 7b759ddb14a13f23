package dev.kvbench.stores.sqlite;

import dev.kvbench.store.ArrayInput;
import dev.kvbench.store.ArrayReader;
import dev.kvbench.store.Durability;
import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreException;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.sqlite.SQLiteDataSource;

/**
 * One SQLite database file with one {@code WITHOUT ROWID} table. The file's settings (page size,
 * journal mode) are made by the connection that opens the store; each session's connection sets
 * the per-connection ones (synchronous, cache and mmap size, busy timeout) again, as SQLite keeps
 * them per connection. The driver binds a key or value array during the statement's execution and
 * copies values out into new arrays, so puts reuse two arrays and every value read is a copy.
 */
final class SqliteStore implements Store {

  static final String FILE_NAME = "kv.sqlite";
  static final String CREATE_TABLE = "CREATE TABLE IF NOT EXISTS kv (k BLOB PRIMARY KEY, v BLOB) WITHOUT ROWID";
  static final String PUT = "INSERT OR REPLACE INTO kv (k, v) VALUES (?, ?)";
  private static final String GET = "SELECT v FROM kv WHERE k = ?";
  private static final String DELETE = "DELETE FROM kv WHERE k = ?";
  private static final String SCAN_UP = "SELECT k, v FROM kv ORDER BY k";
  private static final String SCAN_DOWN = "SELECT k, v FROM kv ORDER BY k DESC";
  private static final String SCAN_UP_FROM = "SELECT k, v FROM kv WHERE k >= ? ORDER BY k";
  private static final String SCAN_DOWN_FROM = "SELECT k, v FROM kv WHERE k <= ? ORDER BY k DESC";

  private final String id;
  private final SQLiteDataSource source;
  private final String synchronous;
  private final long cacheKib;
  private final long mmapSize;
  private final long busyTimeout;
  private final Connection owner;
  private final Set<Connection> open = ConcurrentHashMap.newKeySet();
  private final Map<String, Object> nativeSettings = new LinkedHashMap<>();

  SqliteStore(String id, StoreConfig config, String nativeLibrary) {
    this.id = id;
    StoreSettings s = config.settings();
    String problem = settingsProblem(id, s, config.durability());
    if (problem != null) {
      throw new StoreException(problem);
    }
    String journalMode = s.getString("journalMode");
    long pageSize = s.getLong("pageSize");
    this.synchronous = synchronous(config.durability(), journalMode);
    this.cacheKib = Math.max(1, s.getLong("cacheSize") / 1024);
    this.mmapSize = s.getLong("mmapSize");
    this.busyTimeout = s.getLong("busyTimeout");
    Path file = config.directory().resolve(FILE_NAME);
    this.source = new SQLiteDataSource();
    source.setUrl("jdbc:sqlite:" + file);
    try {
      this.owner = source.getConnection();
    } catch (SQLException e) {
      throw new StoreException(id + ": cannot open SQLite file " + file + ": " + e.getMessage(), e);
    }
    try (Statement st = owner.createStatement()) {
      // the page size holds only while the file is empty; journal_mode=wal is kept in the file
      st.execute("PRAGMA page_size = " + pageSize);
      String mode = text(st, "PRAGMA journal_mode = " + journalMode);
      if (!mode.equalsIgnoreCase(journalMode)) {
        throw new StoreException(id + ": SQLite kept journal mode " + mode + " when asked for " + journalMode
            + " (a file system without shared memory refuses wal)");
      }
      configure(owner);
      st.execute(CREATE_TABLE);
      owner.commit();
      record(st, journalMode, nativeLibrary);
    } catch (SQLException | RuntimeException e) {
      closeQuietly(owner);
      throw e instanceof StoreException se ? se
          : new StoreException(id + ": cannot set up " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Why these settings cannot open SQLite under {@code durability}, or null: a page size SQLite
   * does not take, a negative busy timeout, or lazy durability with a rollback journal ({@code
   * synchronous=NORMAL} keeps a WAL database consistent through a power cut, losing at most the last
   * commits; with a rollback journal it can corrupt the file).
   */
  static String settingsProblem(String id, StoreSettings s, Durability durability) {
    long pageSize = s.getLong("pageSize");
    if (pageSize < 512 || pageSize > 65_536 || Long.bitCount(pageSize) != 1) {
      return id + ": pageSize must be a power of two from 512 to 64k, got " + pageSize;
    }
    long busyTimeout = s.getLong("busyTimeout");
    if (busyTimeout < 0 || busyTimeout > Integer.MAX_VALUE) {
      return id + ": busyTimeout must be 0 or more ms, got " + busyTimeout;
    }
    if (durability == Durability.LAZY && !s.getString("journalMode").equals("wal")) {
      return id + ": lazy durability needs -o " + id + ".journalMode=wal: with a rollback journal synchronous=NORMAL"
          + " can corrupt the file in a power cut; use --sync sync or nosync";
    }
    return null;
  }

  /**
   * The run's durability in SQLite's terms ({@link #settingsProblem} refuses lazy without a WAL).
   * In delete mode sync takes EXTRA, which also syncs the directory after the journal is unlinked,
   * the commit point.
   */
  static String synchronous(Durability durability, String journalMode) {
    return switch (durability) {
      case SYNC -> journalMode.equals("delete") ? "EXTRA" : "FULL";
      case NOSYNC -> "OFF";
      case LAZY -> "NORMAL";
    };
  }

  /** The per-connection settings, on a connection that begins its transactions when told to. */
  private Connection configure(Connection c) throws SQLException {
    try (Statement st = c.createStatement()) {
      st.execute("PRAGMA synchronous = " + synchronous);
      st.execute("PRAGMA cache_size = -" + cacheKib);
      st.execute("PRAGMA mmap_size = " + mmapSize);
      st.execute("PRAGMA busy_timeout = " + busyTimeout);
    }
    // the driver then begins a deferred transaction after every commit: no lock until the first statement
    c.setAutoCommit(false);
    return c;
  }

  private void record(Statement st, String journalMode, String nativeLibrary) throws SQLException {
    nativeSettings.put("sqliteVersion", text(st, "SELECT sqlite_version()"));
    nativeSettings.put("nativeLibrary", nativeLibrary);
    nativeSettings.put("file", FILE_NAME);
    nativeSettings.put("table", CREATE_TABLE);
    nativeSettings.put("put", PUT);
    nativeSettings.put("journalMode", text(st, "PRAGMA journal_mode").toLowerCase(Locale.ROOT));
    nativeSettings.put("synchronous", synchronous + " (" + text(st, "PRAGMA synchronous") + ")");
    nativeSettings.put("pageSize", Long.parseLong(text(st, "PRAGMA page_size")));
    nativeSettings.put("cacheSize", text(st, "PRAGMA cache_size") + " (negative: KiB)");
    nativeSettings.put("mmapSize", Long.parseLong(text(st, "PRAGMA mmap_size")));
    nativeSettings.put("busyTimeoutMs", busyTimeout);
    nativeSettings.put("lockingMode", text(st, "PRAGMA locking_mode"));
    if (journalMode.equals("wal")) {
      nativeSettings.put("walAutocheckpointPages", Long.parseLong(text(st, "PRAGMA wal_autocheckpoint")));
    }
    nativeSettings.put("transactions", "one connection per session, autocommit off, BEGIN DEFERRED; a batch is one "
        + "transaction, a read pass one snapshot");
    nativeSettings.put("threadsafe", threadMode(st));
  }

  private static String threadMode(Statement st) throws SQLException {
    try (ResultSet rs = st.executeQuery("PRAGMA compile_options")) {
      while (rs.next()) {
        String option = rs.getString(1);
        if (option.startsWith("THREADSAFE=")) {
          return option;
        }
      }
    }
    return "?";
  }

  private static String text(Statement st, String sql) throws SQLException {
    try (ResultSet rs = st.executeQuery(sql)) {
      return rs.next() ? String.valueOf(rs.getString(1)) : "";
    }
  }

  @Override
  public Session openSession() {
    Connection c;
    try {
      c = source.getConnection();
    } catch (SQLException e) {
      throw failure("cannot open a connection", e);
    }
    try {
      open.add(configure(c));
      return new SqliteSession(c);
    } catch (SQLException | RuntimeException e) {
      open.remove(c);
      closeQuietly(c);
      throw e instanceof SQLException se ? failure("cannot set up a connection", se) : (RuntimeException) e;
    }
  }

  @Override
  public Map<String, Object> nativeSettings() {
    return nativeSettings;
  }

  @Override
  public void close() {
    // sessions close their own; any left open go first, the owner last, so in WAL mode SQLite
    // checkpoints the log into the file and removes it
    for (Connection c : open) {
      closeQuietly(c);
    }
    open.clear();
    try {
      owner.close();
    } catch (SQLException e) {
      throw failure("close failed", e);
    }
  }

  private StoreException failure(String what, SQLException e) {
    return new StoreException(id + ": " + what + ": " + e.getMessage(), e);
  }

  /**
   * Rolls back what is open. SQLite itself rolls a transaction back after some errors (a full
   * disk, SQLITE_FULL) while the driver still counts it open; that rollback is not a failure.
   */
  private static void rollback(Connection c) throws SQLException {
    try {
      c.rollback();
    } catch (SQLException e) {
      if (!String.valueOf(e.getMessage()).contains("no transaction is active")) {
        throw e;
      }
    }
  }

  private static void closeQuietly(Connection c) {
    try {
      c.close();
    } catch (SQLException ignored) {
      // the failure that led here is the one reported
    }
  }

  /** One connection and its statements, prepared on first use and kept until the session closes. */
  private final class SqliteSession implements Session {
    private final Connection connection;
    private final Map<String, PreparedStatement> statements = new LinkedHashMap<>();

    SqliteSession(Connection connection) {
      this.connection = connection;
    }

    PreparedStatement statement(String sql) throws SQLException {
      PreparedStatement ps = statements.get(sql);
      if (ps == null) {
        ps = connection.prepareStatement(sql);
        statements.put(sql, ps);
      }
      return ps;
    }

    /** Ends the transaction in progress: what a writer left uncommitted, or a reader's snapshot. */
    void endTransaction() {
      try {
        rollback(connection);
      } catch (SQLException e) {
        throw failure("rollback failed", e);
      }
    }

    @Override
    public Writer beginWrite(WriteOrder order) {
      return new SqliteWriter(this);
    }

    @Override
    public Reader beginRead() {
      return new SqliteReader(this);
    }

    @Override
    public void close() {
      try {
        for (PreparedStatement ps : statements.values()) {
          ps.close();
        }
        rollback(connection);
        connection.close();
      } catch (SQLException e) {
        throw failure("closing a connection failed", e);
      } finally {
        open.remove(connection);
      }
    }
  }

  private final class SqliteWriter implements Writer {
    private final SqliteSession session;
    private final ArrayInput key = new ArrayInput();
    private final ArrayInput value = new ArrayInput();

    SqliteWriter(SqliteSession session) {
      this.session = session;
    }

    @Override
    public void put(ByteBuffer k, ByteBuffer v) {
      try {
        // the driver binds both arrays while the statement runs, so they are reused for the next call
        PreparedStatement ps = session.statement(PUT);
        ps.setBytes(1, key.of(k));
        ps.setBytes(2, value.of(v));
        ps.executeUpdate();
      } catch (SQLException e) {
        throw failure("put failed", e);
      }
    }

    @Override
    public void delete(ByteBuffer k) {
      try {
        PreparedStatement ps = session.statement(DELETE);
        ps.setBytes(1, key.of(k));
        ps.executeUpdate();
      } catch (SQLException e) {
        throw failure("delete failed", e);
      }
    }

    @Override
    public ByteBuffer get(ByteBuffer k) {
      byte[] v = lookUp(session, key.of(k));
      return v == null ? null : ByteBuffer.wrap(v).asReadOnlyBuffer();
    }

    @Override
    public void commit() {
      try {
        session.connection.commit();
      } catch (SQLException e) {
        throw failure("commit failed", e);
      }
    }

    @Override
    public void close() {
      session.endTransaction();
    }
  }

  private byte[] lookUp(SqliteSession session, byte[] key) {
    try {
      PreparedStatement ps = session.statement(GET);
      ps.setBytes(1, key);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getBytes(1) : null;
      }
    } catch (SQLException e) {
      throw failure("get failed", e);
    }
  }

  /** A read pass: one snapshot, from its first statement until it closes. */
  private final class SqliteReader extends ArrayReader {
    private final SqliteSession session;

    SqliteReader(SqliteSession session) {
      this.session = session;
    }

    @Override
    protected byte[] get(byte[] key) {
      return lookUp(session, key);
    }

    @Override
    public long scan(ScanDirection direction, EntryVisitor visitor) {
      try {
        return visit(session.statement(direction == ScanDirection.FORWARD ? SCAN_UP : SCAN_DOWN), visitor);
      } catch (SQLException e) {
        throw failure("scan failed", e);
      }
    }

    @Override
    public long scanFrom(ByteBuffer start, EntryVisitor visitor) {
      return scanFrom(start, ScanDirection.FORWARD, visitor);
    }

    @Override
    public long scanFrom(ByteBuffer start, ScanDirection direction, EntryVisitor visitor) {
      try {
        PreparedStatement ps = session.statement(direction == ScanDirection.FORWARD ? SCAN_UP_FROM : SCAN_DOWN_FROM);
        ps.setBytes(1, lookupKey(start));
        return visit(ps, visitor);
      } catch (SQLException e) {
        throw failure("scan failed", e);
      }
    }

    private long visit(PreparedStatement ps, EntryVisitor visitor) throws SQLException {
      long visited = 0;
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          visited++;
          if (!visitor.visit(ByteBuffer.wrap(rs.getBytes(1)), ByteBuffer.wrap(rs.getBytes(2)))) {
            break;
          }
        }
      }
      return visited;
    }

    @Override
    public void close() {
      session.endTransaction();
    }
  }
}
