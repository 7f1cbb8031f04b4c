package io.mizani.adapter.provider.team;

import io.mizani.application.team.InvitationMailer;
import io.quarkus.mailer.Mail;
import io.quarkus.mailer.Mailer;
import jakarta.inject.Singleton;

/** Invitation e-mails through quarkus-mailer; in sandbox mode the mailer is in mock mode (logged, not sent). */
@Singleton
class MailerInvitationMailer implements InvitationMailer {

    private final Mailer mailer;

    MailerInvitationMailer(Mailer mailer) {
        this.mailer = mailer;
    }

    @Override
    public void send(String to, String teamName, String inviterName, String acceptLink) {
        mailer.send(Mail.withText(to, "You are invited to join " + teamName + " on Mizani",
                inviterName + " invited you to the Team \"" + teamName + "\" on Mizani.\n\n"
                        + "Accept the invitation within 7 days:\n" + acceptLink + "\n\n"
                        + "If you did not expect this e-mail, ignore it."));
    }
}
