// Change password (left page `changepassword`): the login's change-password form with the seed's texts, sent as
// the voluntary change of the signed-in account (updatelocalpassword); the server ends the other sessions.
import { useTranslation } from "react-i18next";
import { showToast, usePanelNav } from "../../../ui/index.ts";
import { chatServices } from '../../../core/session/services.ts';
import { changeMyPassword } from "../api/account.ts";
import { useSettingsSlots } from "../slots.ts";
import styles from "./Settings.module.scss";

export function ChangePasswordPage() {
  const { t } = useTranslation();
  const backLeft = usePanelNav((state) => state.backLeft);
  const { ChangePasswordForm } = useSettingsSlots();
  return (
    <div className={styles.page}>
      <ChangePasswordForm
        loginName={chatServices().loginName}
        embedded
        change={({ oldPassword, newPassword }) =>
          changeMyPassword({ oldPassword, newPassword })
        }
        onDone={() => {
          showToast(t("settings.passwordChanged"), "success");
          backLeft();
        }}
      />
    </div>
  );
}
