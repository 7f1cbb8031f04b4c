package io.mizani.application.events;

/** POST /api/global/webhooks/test. */
public interface SendTestEvent {

    /** Records a webhook.test event and makes one attempt to send it before answering. */
    StoredEvent sendTest(long accountId);
}
