package io.mizani.application.team;

/** Sends the invitation e-mail (logged, not sent, in sandbox mode). */
public interface InvitationMailer {

    void send(String to, String teamName, String inviterName, String acceptLink);
}
