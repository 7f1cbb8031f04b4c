package io.mizani.bootstrap.events;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.events.EventLog;
import io.mizani.application.events.EventService;
import io.mizani.application.events.EventStore;
import io.mizani.application.events.Events;
import io.mizani.application.events.PurgeEvents;
import io.mizani.application.events.WebhookEndpoints;
import io.mizani.application.payment.DeliverCallbacks;
import io.mizani.bootstrap.payment.PaymentSettings;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import java.time.Clock;

/** Events: the port use cases record events through, the merchant's event API, the retention purge. */
@Singleton
public class EventsWiring {

    @Produces
    @Singleton
    Events events(EventStore store, WebhookEndpoints endpoints, Clock clock) {
        return new EventLog(store, endpoints, clock);
    }

    /** One bean, typed as each of its input ports (EventHistory, RedeliverEvent, WebhookEndpointSettings, SendTestEvent). */
    @Produces
    @Singleton
    EventService eventService(EventStore store, WebhookEndpoints endpoints, DeliverCallbacks delivery,
                              UnitOfWork unitOfWork, Clock clock, PaymentSettings payments) {
        return new EventService(store, endpoints, delivery, unitOfWork, clock, payments.webhookTimeout().multipliedBy(3));
    }

    @Produces
    @Singleton
    PurgeEvents purgeEvents(EventStore store, UnitOfWork unitOfWork, Clock clock, EventSettings settings) {
        return new PurgeEvents(store, unitOfWork, clock, settings.retention(), 1000);
    }
}
