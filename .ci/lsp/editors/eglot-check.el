;;; Drives eglot (Emacs 28 with elpa-eglot, or Emacs 29) against feed-specs lsp with the README's settings, in
;;; batch mode (`.ci/lsp/editors/eglot-check.sh` runs it): diagnostics, completion of a multi-word step through
;;; completion-at-point and eglot's exit function, definition through xref. Prints `ok`/`FAIL` lines; saves nothing.
(require 'eglot)
(require 'xref)
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
(find-file (car command-line-args-left))
(feature-mode)
(apply #'eglot (eglot--guess-contact))  ; what eglot-ensure does after the first command
(check "eglot connects" (wait-until #'eglot-current-server 20))
(check "diagnostics: the typo on line 3"
       (wait-until (lambda () (seq-some (lambda (d) (= (line-number-at-pos (flymake-diagnostic-beg d)) 3))
                                        (flymake-diagnostics)))
                   20))
;; Completion at the end of `Given the cus` (line 5), as C-M-i does it, then choosing the item.
(goto-char (point-min))
(forward-line 4)
(end-of-line)
(let* ((capf (eglot-completion-at-point))
       (start (nth 0 capf)) (end (nth 1 capf)) (table (nth 2 capf))
       (probe (buffer-substring-no-properties start end))
       (candidates (all-completions probe table))
       (choice (seq-find (lambda (c) (string= c "the customer has connectivity")) candidates)))
  (check "completion offers `the customer has connectivity` for `Given the cus`" choice (format "%S" candidates))
  (when choice
    (delete-region start end)
    (insert choice)
    (funcall (plist-get (nthcdr 3 capf) :exit-function) choice 'finished)
    (check "choosing it writes the whole step"
           (string= (buffer-substring-no-properties (line-beginning-position) (line-end-position))
                    "    Given the customer has connectivity")
           (buffer-substring-no-properties (line-beginning-position) (line-end-position)))))
;; Definition, as M-. asks for it.
(goto-char (point-min))
(forward-line 3)
(forward-char 12)
(let ((definitions (xref-backend-definitions 'eglot (xref-backend-identifier-at-point 'eglot))))
  (check "definition goes to FeedSteps.swift"
         (and definitions (string-match-p "FeedSteps.swift" (xref-location-group (xref-item-location (car definitions)))))))
(set-buffer-modified-p nil)
(kill-emacs (if check-failed 1 0))
