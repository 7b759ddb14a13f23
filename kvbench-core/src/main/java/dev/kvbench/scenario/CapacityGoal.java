package dev.kvbench.scenario;

/**
 * What a run asks of its threaded phases' latencies: the budget each rate is judged by, and how
 * {@code rates: auto} searches for the highest rate that meets it.
 *
 * @param sla the latency budget; {@link Sla#NONE} for none
 * @param search how the rates are searched where they are ({@link Scenario#searchesRates})
 */
public record CapacityGoal(Sla sla, RateSearch search) {

  /** No budget, the default search. */
  public static final CapacityGoal NONE = new CapacityGoal(Sla.NONE, RateSearch.DEFAULT);

  public CapacityGoal {
    sla = sla == null ? Sla.NONE : sla;
    search = search == null ? RateSearch.DEFAULT : search;
  }

  public CapacityGoal withSla(Sla s) {
    return new CapacityGoal(s, search);
  }

  public CapacityGoal withSearch(RateSearch r) {
    return new CapacityGoal(sla, r);
  }
}
