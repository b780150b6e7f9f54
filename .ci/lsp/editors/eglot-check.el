;;; Drives eglot (Emacs 28 with elpa-eglot, or Emacs 29) against feed-specs lsp with the README's settings, in
;;; batch mode (`.ci/lsp/editors/eglot-check.sh` runs it), through the commands a person's keys run: diagnostics;
;;; completion with C-M-i (one candidate, several: the common part, then a choice in *Completions*); definition;
;;; the preferred quick fix; writing the step (the Swift file shown); rename at a word; running the scenario at
;;; point with C-c C-r (the reason first, another scenario's results kept); a folder without Sources/ (nothing
;;; edited outside it); a rename saved then a new server before a rebuild; a package not built yet. Prints `ok`/`FAIL` lines; saves nothing.
(require 'eglot)
(require 'xref)
(require 'flymake)
(setq eglot-sync-connect 20)
(load-file (or (getenv "EGLOT_SETTINGS") (expand-file-name ".ci/lsp/editors/eglot.el")))
(remove-hook 'feature-mode-hook #'eglot-ensure)
(defvar check-failed nil)
(defun check (name ok &optional detail)
  (unless ok (setq check-failed t))
  (princ (format "%s %s%s\n" (if ok "ok  " "FAIL") name (if detail (format ": %s" detail) ""))))
(defun wait-until (predicate seconds)
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall predicate)))
(defun line-text () (buffer-substring-no-properties (line-beginning-position) (line-end-position)))
(defun goto-line-column (line column)
  (goto-char (point-min))
  (forward-line (1- line))
  (forward-char column))
(defun open-with-eglot (file)
  (find-file file)
  (feature-mode)
  (unless (wait-until #'eglot-current-server 1)    ; a server of this project already manages the buffer
    (apply #'eglot (eglot--guess-contact)))         ; what eglot-ensure does after the first command
  (prog1 (wait-until #'eglot-current-server 20)
    (flymake-start)))                               ; what Emacs does once idle (batch mode never is)
(defun press (keys)
  "Runs the command KEYS are bound to, as typing them does (the last event a key, not a mouse click)."
  (let ((last-nonmenu-event (aref (kbd keys) (1- (length (kbd keys))))))
    (call-interactively (key-binding (kbd keys)))))
(defun diagnostic-at (line)
  (seq-find (lambda (d) (= (line-number-at-pos (flymake-diagnostic-beg d)) line)) (flymake-diagnostics)))
;; A person answers eglot's questions: "Server wants to edit … Proceed?" yes; the code action is picked by title.
(fset 'y-or-n-p (lambda (&rest _) t))
(defvar pick-action nil)
(defvar default-action nil)
(fset 'completing-read
      (lambda (_prompt collection &rest rest)
        (setq default-action (nth 4 rest))
        (or (seq-find (lambda (title) (string-prefix-p pick-action title)) (mapcar #'car collection))
            default-action)))

(let* ((check-file (expand-file-name (car command-line-args-left)))
       (run-file (expand-file-name (cadr command-line-args-left)))
       (bare-file (expand-file-name (nth 2 command-line-args-left)))
       (unbuilt-file (expand-file-name (nth 3 command-line-args-left)))
       (clone-file (expand-file-name (nth 4 command-line-args-left)))
       (swift-file (expand-file-name "Sources/FeedAcceptance/FeedSteps.swift"
                                     (locate-dominating-file check-file "Package.swift"))))
  (check "eglot connects" (open-with-eglot check-file))
  (check "diagnostics: the typo on line 3" (wait-until (lambda () (diagnostic-at 3)) 20))

  ;; Completion as C-M-i runs it in feature-mode (the README binds it to completion-at-point).
  (check "C-M-i runs completion-at-point in feature-mode" (eq (key-binding (kbd "C-M-i")) 'completion-at-point))
  (defun complete-line (line text)
    (goto-line-column line 0)
    (delete-region (line-beginning-position) (line-end-position))
    (insert text)
    (press "C-M-i")
    (line-text))
  (let ((one (complete-line 5 "    Given the customer has conn")))
    (check "one candidate: `Given the customer has conn` becomes the whole step"
           (string= one "    Given the customer has connectivity") one))
  (let ((several (complete-line 5 "    Given the cache holds 5 im")))
    (check "several candidates: `…5 im` gets their common part, nothing garbled"
           (string= several "    Given the cache holds 5 images saved ") several)
    ;; C-M-i again lists what can follow in *Completions* (each with its expression, place and uses); then the
    ;; choice there, as RET on it does.
    (press "C-M-i")
    (let ((chosen nil) (window (get-buffer-window "*Completions*")))
      (when window
        (with-selected-window window
          (goto-char (point-min))
          (when (search-forward "\n2 days ago" nil t)
            (goto-char (1+ (match-beginning 0)))
            (choose-completion)
            (setq chosen t))))
      (check "then choosing `2 days ago` in *Completions* writes the step"
             (and chosen (string= (line-text) "    Given the cache holds 5 images saved 2 days ago"))
             (if chosen (line-text)
               (format "%s; *Completions*: %s" (line-text)
                       (with-current-buffer (get-buffer-create "*Completions*") (buffer-string)))))))
  (let ((prefix (complete-line 5 "    When the customer op")))
    (check "several candidates: `When the customer op` gets `opens the feed`, nothing garbled"
           (string= prefix "    When the customer opens the feed") prefix))
  (complete-line 5 "    Given the cus")

  ;; Definition, as M-. asks for it.
  (goto-line-column 4 12)
  (let ((definitions (xref-backend-definitions 'eglot (xref-backend-identifier-at-point 'eglot))))
    (check "definition goes to FeedSteps.swift"
           (and definitions
                (string-match-p "FeedSteps.swift" (xref-location-group (xref-item-location (car definitions)))))))

  ;; Code actions, as C-c a runs them: the typo's preferred fix is the closest step.
  (goto-line-column 3 12)
  (setq pick-action "Replace with")
  (press "C-c a")
  (check "the typo's default action is the closest step"
         (equal default-action "Replace with “the customer has connectivity”") default-action)
  (check "... and it replaces the typo" (string= (line-text) "    Given the customer has connectivity") (line-text))
  ;; Writing the step: the Swift file is shown in another window at the new definition.
  (goto-line-column 6 12)
  (setq pick-action "Write the step definition")
  (press "C-c a")
  (let* ((swift (get-file-buffer swift-file))
         (window (and swift (wait-until (lambda () (get-buffer-window swift)) 10))))
    (check "the written step is shown in another window at its definition"
           (and window (with-selected-window window
                         (string-match-p "steps.when(\"the customer scrolls {int} times\")" (line-text))))
           (and window (with-selected-window window (line-text))))
    (when window (delete-window window)))

  ;; Rename at a word, as C-c r asks: "Rename `opens' to: launches".
  (find-file check-file)
  (goto-line-column 4 24)
  (eglot-rename "launches")
  (check "rename at a word renames that word" (string= (line-text) "    When the customer launches the feed") (line-text))
  (let ((swift (get-file-buffer swift-file)))
    (check "... and the Swift literal, shown"
           (and swift (wait-until (lambda () (get-buffer-window swift)) 10)
                (with-current-buffer swift
                  (string-match-p "\"the customer launches the feed\"" (line-text))))))
  (delete-other-windows)
  (set-buffer-modified-p nil)

  ;; Run the scenario at point, as C-c C-r does (eglot shows no code lenses).
  (open-with-eglot run-file)
  (goto-line-column 12 6)
  (press "C-c C-r")
  (let ((failed (and (wait-until (lambda () (diagnostic-at 13)) 30) (diagnostic-at 13))))
    (check "C-c C-r runs the scenario at point: its failing step is marked, the reason first"
           (and failed (string-match-p "\\(\\`\\|: \\)Expected the app to show the error message \"Could not connect\", but it showed .* — FeedWorld\\+App\\.swift:[0-9]+"
                                       (flymake-diagnostic-text failed)))
           (if failed (flymake-diagnostic-text failed) (mapcar #'flymake-diagnostic-text (flymake-diagnostics)))))
  (goto-line-column 7 6)
  (press "C-c C-r")
  (wait-until (lambda () nil) 3)
  (check "running the other scenario keeps the first one's failure" (diagnostic-at 13))

  ;; A folder without Sources/: nothing is written or renamed outside it (the command's own clone is elsewhere).
  (open-with-eglot bare-file)
  (goto-line-column 3 12)
  (setq pick-action "Write the step" default-action nil)
  (let ((titles nil))
    (fset 'completing-read (lambda (_prompt collection &rest _) (setq titles (mapcar #'car collection)) (car titles)))
    (ignore-errors (eglot-code-actions (line-beginning-position) (line-end-position) nil t))
    (check "no folder Sources/: no action writes a step" (not (seq-some (lambda (title) (string-prefix-p "Write the step" title)) titles))
           titles))
  (goto-line-column 4 24)
  (let ((refused (condition-case failure (progn (eglot-rename "launches") nil) (error (error-message-string failure)))))
    (check "no folder Sources/: renaming a step whose definition is outside it is refused, with the reason"
           (and refused (string-match-p "outside the folder the editor opened" refused)) refused))
  (set-buffer-modified-p nil)

  ;; A rename saved (C-x s), then a new server before any rebuild: the renamed step is defined in Swift, not built
  ;; yet (a warning), never undefined.
  (open-with-eglot clone-file)
  (goto-line-column 3 24)
  (eglot-rename "launches")
  (check "in a clone: rename at a word" (string= (line-text) "    When the customer launches the feed") (line-text))
  ;; Only this clone's buffers are saved (C-x s would offer every changed buffer; the earlier checks' changes to
  ;; this repository's files are never saved).
  (let ((clone (file-name-directory (directory-file-name (file-name-directory clone-file)))))
    (save-some-buffers t (lambda () (and buffer-file-name (string-prefix-p clone buffer-file-name)))))
  (eglot-reconnect (eglot-current-server))
  (wait-until #'eglot-current-server 20)
  (flymake-start)
  (let ((warning (and (wait-until (lambda () (diagnostic-at 3)) 20) (diagnostic-at 3))))
    (check "... saved, and a new server before a rebuild: a warning, not built yet, never undefined"
           (and warning (eq (flymake-diagnostic-type warning) 'eglot-warning)
                (string-match-p "Defined in FeedSteps.swift:[0-9]+, not built yet" (flymake-diagnostic-text warning)))
           (and warning (list (flymake-diagnostic-type warning) (flymake-diagnostic-text warning)))))

  ;; A package whose command is not built: a plain sentence with the command that builds it.
  (find-file unbuilt-file)
  (feature-mode)
  (let ((said (condition-case failure (progn (eglot--guess-contact) nil) (error (error-message-string failure)))))
    (check "no built server: eglot says so, with the command that builds it"
           (and said (string-match-p "\\`feed-specs: no server at .*swift build -c release --product feed-specs" said))
           said)))
(kill-emacs (if check-failed 1 0))
