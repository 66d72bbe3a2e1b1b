import { describe, expect, it } from '@jest/globals';
import { MetricsRegistry } from './metrics-registry.js';
import { JobMetrics, WebhookDeliveryMetrics } from './operational-metrics.js';

describe('the metrics hooks of the job engine and webhook deliveries', () => {
  it('report queue depth at scrape time and count finished jobs by queue and outcome', async () => {
    const registry = new MetricsRegistry();
    const jobs = new JobMetrics(registry);
    let waiting = 3;
    jobs.reportQueueDepth(async () => ({ 'webhook-delivery': waiting, payout: 0 }));
    jobs.completed('payout');
    jobs.failed('payout');
    jobs.failed('payout');

    let text = await registry.exposition();
    expect(text).toContain('jobs_queue_depth{queue="webhook-delivery"} 3');
    expect(text).toContain('jobs_finished_total{queue="payout",outcome="completed"} 1');
    expect(text).toContain('jobs_finished_total{queue="payout",outcome="failed"} 2');

    waiting = 1;
    text = await registry.exposition();
    expect(text).toContain('jobs_queue_depth{queue="webhook-delivery"} 1');
  });

  it('count webhook attempts by outcome and time them', async () => {
    const registry = new MetricsRegistry();
    const deliveries = new WebhookDeliveryMetrics(registry);
    deliveries.record('delivered', 0.2);
    deliveries.record('retrying', 5);

    const text = await registry.exposition();
    expect(text).toContain('webhook_deliveries_total{outcome="delivered"} 1');
    expect(text).toContain('webhook_deliveries_total{outcome="retrying"} 1');
    expect(text).toContain('webhook_delivery_duration_seconds_bucket{le="0.25",outcome="delivered"} 1');
    expect(text).toContain('webhook_delivery_duration_seconds_bucket{le="2.5",outcome="retrying"} 0');
  });

  it('hands back the metric already registered under a name, so a provider built twice counts into one series', async () => {
    const registry = new MetricsRegistry();
    new WebhookDeliveryMetrics(registry).record('delivered', 1);
    new WebhookDeliveryMetrics(registry).record('delivered', 1);
    expect(await registry.exposition()).toContain('webhook_deliveries_total{outcome="delivered"} 2');
  });
});
