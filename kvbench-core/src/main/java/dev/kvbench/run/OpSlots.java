package dev.kvbench.run;

import dev.kvbench.store.Session;
import dev.kvbench.workload.CustomMix;
import dev.kvbench.workload.Operation;
import dev.kvbench.workload.OperationMix;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * The kinds of op a threaded phase's clients issue, in a fixed order: the ids their latencies are
 * reported under, their shares and what each does.
 */
record OpSlots(List<String> ids, double[] shares, List<OpSlots.Body> bodies) {

  /** What a client does for one op of a slot: a built-in operation, or the user's. */
  interface Body {
    void run(ClientLoop loop, Session session, ByteBuffer key, ByteBuffer value, long present);
  }

  static OpSlots of(OperationMix mix) {
    List<Operation> ops = mix.operations();
    return new OpSlots(ops.stream().map(Operation::id).toList(), ops.stream().mapToDouble(mix::share).toArray(),
        ops.stream().<Body>map(op -> (loop, session, key, value, present) ->
            loop.execute(op, session, key, value, present)).toList());
  }

  static OpSlots of(CustomMix custom) {
    List<CustomMix.Entry> ops = custom.operations();
    return new OpSlots(ops.stream().map(CustomMix.Entry::name).toList(),
        ops.stream().mapToDouble(CustomMix.Entry::share).toArray(),
        ops.stream().<Body>map(entry -> (loop, session, key, value, present) ->
            loop.custom(entry, session, key, value, present)).toList());
  }
}
